import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSupportUsers } from '../api/support-users';
import { LoadFailed, LoadingLine, TablePagination } from '../support-ui';
import { pageSizes, useUsersListState } from './users-list-state';
import { SearchField } from './search-field';
import { UsersTable } from './users-table';

/** `/checking`: support's server-paginated, searchable table of customers, newest first. */
export function UsersPage() {
  const { t } = useTranslation();
  const [list, setList] = useUsersListState();
  const users = useSupportUsers({ page: list.page, per_page: list.perPage, search: list.search });

  return (
    <Stack gap="lg">
      <Title order={1}>{t('labels.users')}</Title>
      <Group align="flex-start" gap="md">
        <SearchField
          value={list.search}
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
      {users.isError && <LoadFailed error={users.error} />}
      {users.isSuccess && (
        <>
          <Text aria-live="polite">
            {t(users.data.total_capped ? 'support.foundMore' : 'support.found', {
              total: users.data.total,
            })}
          </Text>
          {users.data.data.length === 0 ? (
            <Text>{t('support.noUsers')}</Text>
          ) : (
            <UsersTable users={users.data.data} busy={users.isPlaceholderData} />
          )}
          <TablePagination
            page={list.page}
            lastPage={users.data.last_page}
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
