import '@mantine/core/styles/VisuallyHidden.layer.css';
import { Button, Table, VisuallyHidden } from '@mantine/core';
import type { SupportUserRow } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListLinkState } from '../../../shared/list/list-location';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import { Mark } from '../../../shared/ui/page-parts';
import { personName } from '../../../shared/format/person-name';

interface UsersTableProps {
  users: SupportUserRow[];
  busy: boolean;
}

/**
 * The spec's columns: id, name, surname, document type and number, personal number, verified.
 * On a phone the table scrolls sideways with the id and the row's action fixed at its edges.
 */
export function UsersTable({ users, busy }: UsersTableProps) {
  const { t } = useTranslation();
  const backTo = useListLinkState();
  return (
    <ScrollableTable
      label={t('labels.users')}
      minWidth={820}
      busy={busy}
      stickyFirstColumn
      stickyLastColumn
      columns={[
        t('support.id'),
        t('labels.name'),
        t('labels.surname'),
        t('labels.documentType'),
        t('labels.documentNumber'),
        t('labels.personalNumber'),
        t('labels.verified'),
        <VisuallyHidden>{t('support.actions')}</VisuallyHidden>,
      ]}
    >
      {users.map((user) => (
        <Table.Tr key={user.id}>
          <Table.Th scope="row">{user.id}</Table.Th>
          <Table.Td>{user.name}</Table.Td>
          <Table.Td>{user.surname}</Table.Td>
          <Table.Td>{user.document_type.name}</Table.Td>
          <Table.Td>{user.document_number}</Table.Td>
          <Table.Td>{user.identity_number}</Table.Td>
          <Table.Td>
            <Mark ok={user.is_identomat_verified} notOkColor="gray.7">
              {t(user.is_identomat_verified ? 'labels.yes' : 'labels.no')}
            </Mark>
          </Table.Td>
          <Table.Td>
            <Button
              component={Link}
              to={`/checking/users/${String(user.id)}`}
              state={backTo}
              size="compact-sm"
              variant="default"
              aria-label={t('support.showUser', { name: personName(user) })}
            >
              {t('labels.show')}
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollableTable>
  );
}
