import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { minimumSearchLength, queueStatuses } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pageSizes, useListState } from '../../../shared/list/list-state';
import { isPastLastPage, PastLastPage } from '../../../shared/list/past-last-page';
import { SearchField } from '../../../shared/list/search-field';
import { searchRefusal, useLastDefined } from '../../../shared/list/search-refusal';
import { LoadFailed, LoadingLine, TablePagination } from '../../../shared/ui/page-parts';
import { queueQuery } from '../api/decisions';
import { QueueTable } from './queue-table';

/** `/applications`: the credit officers' queue of open applications, oldest first. */
export function QueuePage() {
  const { t } = useTranslation();
  const [list, setList] = useListState(queueStatuses);
  const queue = useQuery(
    queueQuery({
      page: list.page,
      per_page: list.perPage,
      search: list.search,
      status: list.filter ?? undefined,
    }),
  );
  const refusal = searchRefusal(queue.error);
  const lastPage = useLastDefined(queue.data);
  const shown = refusal ? lastPage : queue.data;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('decisions.queueTitle')}</Title>
      <Group align="flex-start" gap="md">
        <NativeSelect
          label={t('decisions.filter')}
          data={[
            { value: '', label: t('decisions.filters.all') },
            ...queueStatuses.map((status) => ({
              value: status,
              label: t(`decisions.filters.${status}`),
            })),
          ]}
          value={list.filter ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setList({ filter: queueStatuses.find((status) => status === value) ?? null, page: 1 });
          }}
        />
        <SearchField
          value={list.search}
          refusal={refusal}
          description={t('decisions.searchHint', { minimum: minimumSearchLength })}
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
      {queue.isPending && <LoadingLine />}
      {queue.isError && !refusal && <LoadFailed error={queue.error} />}
      {shown && isPastLastPage(list.page, shown.last_page) && (
        <PastLastPage page={list.page} lastPage={shown.last_page} />
      )}
      {shown && !isPastLastPage(list.page, shown.last_page) && (
        <>
          <Text aria-live="polite">{t('support.found', { total: shown.total })}</Text>
          {shown.data.length === 0 ? (
            <Text>{t('decisions.noApplications')}</Text>
          ) : (
            <QueueTable items={shown.data} busy={queue.isPlaceholderData} />
          )}
          <TablePagination
            page={list.page}
            lastPage={shown.last_page}
            label={t('decisions.queuePages')}
            onChange={(page) => {
              setList({ page });
            }}
          />
        </>
      )}
    </Stack>
  );
}
