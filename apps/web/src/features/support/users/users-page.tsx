import { useTranslation } from 'react-i18next';
import { useSupportUsers } from '../api/support-users';
import { ListPage } from '../../../shared/list/list-page';
import { useListState } from '../../../shared/list/list-state';
import { UsersTable } from './users-table';

/** `/checking`: support's server-paginated, searchable table of customers, newest first. */
export function UsersPage() {
  const { t } = useTranslation();
  const [list, setList] = useListState();
  const users = useSupportUsers({ page: list.page, per_page: list.perPage, search: list.search });
  return (
    <ListPage
      title={t('labels.users')}
      list={list}
      setList={setList}
      query={users}
      found={(answer) =>
        t(answer.total_capped ? 'support.foundMore' : 'support.found', { total: answer.total })
      }
      empty={t('support.noUsers')}
      paginationLabel={t('support.usersPages')}
      table={(items, busy) => <UsersTable users={items} busy={busy} />}
    />
  );
}
