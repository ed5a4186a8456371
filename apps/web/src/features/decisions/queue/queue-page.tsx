import { NativeSelect } from '@mantine/core';
import { minimumSearchLength, queueStatuses } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list/list-page';
import { useListState } from '../../../shared/list/list-state';
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
  return (
    <ListPage
      title={t('decisions.queueTitle')}
      list={list}
      setList={setList}
      query={queue}
      controls={
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
      }
      searchDescription={t('decisions.searchHint', { minimum: minimumSearchLength })}
      found={(answer) => t('support.found', { total: answer.total })}
      empty={t('decisions.noApplications')}
      paginationLabel={t('decisions.queuePages')}
      table={(items, busy) => <QueueTable items={items} busy={busy} />}
    />
  );
}
