import { Alert, Stack, Text, Title } from '@mantine/core';
import type { StaffAccount, StaffRole } from '@sesxi/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../shared/ui/error-alert';
import { QueryContent } from '../../shared/ui/query-content';
import {
  disableStaff,
  enableStaff,
  revokeStaffTokens,
  setStaffRoles,
  staffListQuery,
} from './api/staff';
import { RolesDialog } from './roles-dialog';
import { StaffTable, type StaffAction } from './staff-table';
import { personName } from '../../shared/format/person-name';

interface Pending {
  action: StaffAction;
  account: StaffAccount;
}

/**
 * `/staff` (admins): every staff account, with its roles, its state and its last sign-in; an
 * admin disables (ending its sessions at once) or enables an account, sets its roles and ends
 * its sessions and tokens. New accounts are made by the operator's command (`staff:create`).
 */
export function StaffPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const staff = useQuery(staffListQuery());
  const ownPhone = useSessionUser()?.phone ?? '';
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  /** What the last change did, said on the page (announced as it appears). */
  const [done, setDone] = useState<string>();

  const close = () => {
    setPending(null);
    setError(undefined);
  };
  /** Runs a change; on success says so and shows the list as it is now. */
  const change = async (send: () => Promise<string>) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      setDone(await send());
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      throw failure;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: staffListQuery().queryKey });
    }
  };
  const confirm = (action: 'disable' | 'revoke', account: StaffAccount) =>
    change(async () => {
      if (action === 'disable') {
        await disableStaff(account.id);
        return t('staff.done.disabled', { name: personName(account) });
      }
      const count = await revokeStaffTokens(account.id);
      return t('staff.done.revoked', { count, name: personName(account) });
    });

  return (
    <Stack gap="lg">
      <Title order={1}>{t('staff.title')}</Title>
      <Text>{t('staff.intro')}</Text>
      {done && (
        <Alert color="teal" variant="light" role="status">
          {done}
        </Alert>
      )}
      {pending === null && <ErrorAlert message={error} />}
      <QueryContent query={staff} loading={t('staff.loading')}>
        {(accounts) => (
          <StaffTable
            accounts={accounts}
            ownPhone={ownPhone}
            onAction={(action, account) => {
              setError(undefined);
              if (action === 'enable') {
                void change(async () => {
                  await enableStaff(account.id);
                  return t('staff.done.enabled', { name: personName(account) });
                }).catch(() => undefined);
              } else setPending({ action, account });
            }}
          />
        )}
      </QueryContent>
      {pending?.action === 'roles' && (
        <RolesDialog
          account={pending.account}
          own={pending.account.phone === ownPhone}
          onClose={close}
          onSave={(roles: StaffRole[]) =>
            change(async () => {
              await setStaffRoles(pending.account.id, roles);
              return t('staff.done.roles', { name: personName(pending.account) });
            })
          }
        />
      )}
      {(pending?.action === 'disable' || pending?.action === 'revoke') && (
        <ConfirmDialog
          opened
          title={t(pending.action === 'disable' ? 'staff.confirmDisable' : 'staff.confirmRevoke')}
          confirmLabel={t(pending.action === 'disable' ? 'staff.disable' : 'staff.revokeTokens')}
          keepLabel={t('labels.cancel')}
          confirmColor="red.9"
          busy={busy}
          error={error}
          onConfirm={() => {
            void confirm(pending.action as 'disable' | 'revoke', pending.account).catch(
              () => undefined,
            );
          }}
          onClose={close}
        >
          <Text>
            {t(pending.action === 'disable' ? 'staff.disableText' : 'staff.revokeText', {
              name: personName(pending.account),
            })}
          </Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
