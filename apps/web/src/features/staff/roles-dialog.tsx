import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { staffRoles, type StaffAccount, type StaffRole } from '@sesxi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { Dialog } from '../../shared/ui/dialog';
import { ErrorAlert } from '../../shared/ui/error-alert';
import { personName } from '../../shared/format/person-name';

interface RolesDialogProps {
  account: StaffAccount;
  /** The admin's own account: its admin role stays (there is always an admin). */
  own: boolean;
  /** Saves the roles; a refusal shows in the dialog, under the roles when it names them. */
  onSave: (roles: StaffRole[]) => Promise<void>;
  onClose: () => void;
}

/** An account's roles as checkboxes; saved together. */
export function RolesDialog({ account, own, onSave, onClose }: RolesDialogProps) {
  const { t } = useTranslation();
  const [roles, setRoles] = useState<string[]>(account.roles);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onSave(
        roles.filter((role): role is StaffRole => staffRoles.includes(role as StaffRole)),
      );
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fieldErrors.roles?.[0] : undefined;
      setError(fieldError ?? (failure instanceof Error ? failure.message : String(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      opened
      onClose={onClose}
      busy={busy}
      title={t('staff.rolesTitle', { name: personName(account) })}
    >
      <Stack gap="lg">
        <Checkbox.Group label={t('staff.columns.roles')} value={roles} onChange={setRoles}>
          <Stack gap="xs" mt="xs">
            {staffRoles.map((role) => (
              <Checkbox
                key={role}
                value={role}
                label={t(`staff.roles.${role}`)}
                disabled={own && role === 'admin'}
                description={own && role === 'admin' ? t('staff.ownAdmin') : undefined}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <ErrorAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('labels.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void save()}>
            {t('staff.saveRoles')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
