import { Button, Group, Table, Text } from '@mantine/core';
import type { StaffAccount } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { Mark } from '../../shared/ui/page-parts';
import { ScrollableTable } from '../../shared/ui/scrollable-table';
import { personName } from '../../shared/format/person-name';

/** What an admin may do to an account; the page asks for confirmation where it cannot be undone. */
export type StaffAction = 'disable' | 'enable' | 'roles' | 'revoke';

interface StaffTableProps {
  accounts: StaffAccount[];
  /** The signed-in admin's own phone: their own account cannot be disabled. */
  ownPhone: string;
  onAction: (action: StaffAction, account: StaffAccount) => void;
}

/** The account's state in words: active or disabled, and what else an admin should know. */
function Status({ account }: { account: StaffAccount }) {
  const { t } = useTranslation();
  const notes = [
    account.must_change_password && t('staff.temporaryPassword'),
    account.is_sandbox && t('staff.sandbox'),
  ].filter(Boolean);
  return (
    <>
      <Mark ok={!account.disabled_at} notOkColor="red.9">
        {account.disabled_at
          ? t('staff.disabledOn', { date: account.disabled_at })
          : t('staff.active')}
      </Mark>
      {notes.length > 0 && (
        <Text span size="xs" c="dimmed" display="block">
          {notes.join(', ')}
        </Text>
      )}
    </>
  );
}

/**
 * The buttons of a row: roles and sessions always; enable a disabled account, or disable an
 * active one (never the admin's own: the server refuses it).
 */
function actionsOf(account: StaffAccount, own: boolean) {
  const actions = [
    { action: 'roles', label: 'staff.editRoles', named: 'staff.editRolesOf' },
    { action: 'revoke', label: 'staff.revokeTokens', named: 'staff.revokeTokensOf' },
  ] as const satisfies { action: StaffAction; label: string; named: string }[];
  if (account.disabled_at) {
    return [
      ...actions,
      { action: 'enable', label: 'staff.enable', named: 'staff.enableOf' } as const,
    ];
  }
  return own
    ? actions
    : [
        ...actions,
        { action: 'disable', label: 'staff.disable', named: 'staff.disableOf' } as const,
      ];
}

/** The staff accounts, one row each with its actions; on a phone the table scrolls sideways. */
export function StaffTable({ accounts, ownPhone, onAction }: StaffTableProps) {
  const { t } = useTranslation();
  return (
    <ScrollableTable
      label={t('staff.title')}
      minWidth={1100}
      stickyFirstColumn
      columns={[
        t('staff.columns.name'),
        t('staff.columns.phone'),
        t('staff.columns.roles'),
        t('staff.columns.personalNumber'),
        t('staff.columns.status'),
        t('staff.columns.lastSignIn'),
        t('staff.columns.actions'),
      ]}
    >
      {accounts.map((account) => {
        const own = account.phone === ownPhone;
        const name = personName(account);
        return (
          <Table.Tr key={account.id}>
            <Table.Th scope="row">
              {name}
              {own && ` ${t('staff.you')}`}
              {account.is_machine && (
                <Text span size="xs" c="dimmed" display="block">
                  {t('staff.machine')}
                </Text>
              )}
            </Table.Th>
            <Table.Td>{account.phone}</Table.Td>
            <Table.Td>{account.roles.map((role) => t(`staff.roles.${role}`)).join(', ')}</Table.Td>
            <Table.Td>
              {account.personal_number ?? (account.is_machine ? '—' : t('staff.noPersonalNumber'))}
            </Table.Td>
            <Table.Td>
              <Status account={account} />
            </Table.Td>
            <Table.Td>{account.last_signed_in_at ?? t('staff.never')}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {actionsOf(account, own).map(({ action, label, named }) => (
                  <Button
                    key={action}
                    size="compact-sm"
                    variant={action === 'disable' ? 'light' : 'default'}
                    color={action === 'disable' ? 'red.9' : undefined}
                    aria-label={t(named, { name })}
                    onClick={() => {
                      onAction(action, account);
                    }}
                  >
                    {t(label)}
                  </Button>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ScrollableTable>
  );
}
