import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSupportUsers } from '../api/support-users';
import { pageSizes, useListState } from '../../../shared/list/list-state';
import { isPastLastPage, PastLastPage } from '../../../shared/list/past-last-page';
import { SearchField } from '../../../shared/list/search-field';
import { searchRefusal, useLastDefined } from '../../../shared/list/search-refusal';
import { LoadFailed, LoadingLine, TablePagination } from '../../../shared/ui/page-parts';
import { UsersTable } from './users-table';

/** `/checking`: support's server-paginated, searchable table of customers, newest first. */
export function UsersPage() {
  const { t } = useTranslation();
  const [list, setList] = useListState();
  const users = useSupportUsers({ page: list.page, per_page: list.perPage, search: list.search });
  const refusal = searchRefusal(users.error);
  // A refused search is said under the field; the table keeps the last page meanwhile.
  const lastPage = useLastDefined(users.data);
  const shown = refusal ? lastPage : users.data;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('labels.users')}</Title>
      <Group align="flex-start" gap="md">
        <SearchField
          value={list.search}
          refusal={refusal}
          onCommit={(search) => {
            setList({ search, page: 1 }, { replace: true });
          }}
        />
        <NativeSelect
          label={t('support.perPage')}
          data={pageSizes.map(String)}
          value={String(list.perPage)}
          onChange={(event) => {
            setList({ perPage: Number(event.currentTarget.value), page: 1 });
          }}
        />
      </Group>
      {users.isPending && <LoadingLine />}
      {users.isError && !refusal && <LoadFailed error={users.error} />}
      {shown && isPastLastPage(list.page, shown.last_page) && (
        <PastLastPage page={list.page} lastPage={shown.last_page} />
      )}
      {shown && !isPastLastPage(list.page, shown.last_page) && (
        <>
          <Text aria-live="polite">
            {t(shown.total_capped ? 'support.foundMore' : 'support.found', {
              total: shown.total,
            })}
          </Text>
          {shown.data.length === 0 ? (
            <Text>{t('support.noUsers')}</Text>
          ) : (
            <UsersTable users={shown.data} busy={users.isPlaceholderData} />
          )}
          <TablePagination
            page={list.page}
            lastPage={shown.last_page}
            label={t('support.usersPages')}
            onChange={(page) => {
              setList({ page });
            }}
          />
        </>
      )}
    </Stack>
  );
}
