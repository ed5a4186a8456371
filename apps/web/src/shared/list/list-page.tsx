import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, LoadingLine, TablePagination } from '../ui/page-parts';
import { pageSizes, type ListState } from './list-state';
import { isPastLastPage, PastLastPage } from './past-last-page';
import { SearchField } from './search-field';
import { searchRefusal, useLastDefined } from './search-refusal';

/** A page of a server-paginated list as the API answers it. */
interface ListAnswer {
  data: unknown[];
  total: number;
  last_page: number;
}

interface ListPageProps<Answer extends ListAnswer> {
  title: string;
  /** The list state in the address and its setter (`useListState`). */
  list: Pick<ListState<string>, 'page' | 'perPage' | 'search'>;
  setList: (
    changes: Partial<Pick<ListState<string>, 'page' | 'perPage' | 'search'>>,
    options?: { replace?: boolean },
  ) => void;
  query: UseQueryResult<Answer>;
  /** Controls before the search field (a filter). */
  controls?: ReactNode;
  searchDescription?: string;
  found: (answer: Answer) => string;
  empty: string;
  paginationLabel: string;
  table: (items: Answer['data'], busy: boolean) => ReactNode;
}

/**
 * A searchable, paginated staff table: the controls, what the server found, the table and its
 * pages. A refused search is said under the field while the table keeps the last page.
 */
export function ListPage<Answer extends ListAnswer>({
  title,
  list,
  setList,
  query,
  controls,
  searchDescription,
  found,
  empty,
  paginationLabel,
  table,
}: ListPageProps<Answer>) {
  const { t } = useTranslation();
  const refusal = searchRefusal(query.error);
  const lastPage = useLastDefined(query.data);
  const shown = refusal ? lastPage : query.data;

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Group align="flex-start" gap="md">
        {controls}
        <SearchField
          value={list.search}
          refusal={refusal}
          {...(searchDescription !== undefined && { description: searchDescription })}
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
      {query.isPending && <LoadingLine />}
      {query.isError && !refusal && <LoadFailed error={query.error} />}
      {shown && isPastLastPage(list.page, shown.last_page) && (
        <PastLastPage page={list.page} lastPage={shown.last_page} />
      )}
      {shown && !isPastLastPage(list.page, shown.last_page) && (
        <>
          <Text aria-live="polite">{found(shown)}</Text>
          {shown.data.length === 0 ? (
            <Text>{empty}</Text>
          ) : (
            table(shown.data, query.isPlaceholderData)
          )}
          <TablePagination
            page={list.page}
            lastPage={shown.last_page}
            label={paginationLabel}
            onChange={(page) => {
              setList({ page });
            }}
          />
        </>
      )}
    </Stack>
  );
}
