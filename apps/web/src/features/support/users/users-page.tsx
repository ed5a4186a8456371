import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { useSupportUsers } from '../api/support-users';
import { LoadFailed, LoadingLine, TablePagination } from '../support-ui';
import { pageSizes, useUsersListState } from './users-list-state';
import { SearchField } from './search-field';
import { UsersTable } from './users-table';

/** The server's words when it refused the search itself (a `search` field error). */
function searchRefusal(error: Error | null): string | undefined {
  return error instanceof ApiError ? error.fieldErrors.search?.join(' ') : undefined;
}

/** The last value that was defined: the last page the server sent. */
function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}

/** `/checking`: support's server-paginated, searchable table of customers, newest first. */
export function UsersPage() {
  const { t } = useTranslation();
  const [list, setList] = useUsersListState();
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
      {shown && (
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
