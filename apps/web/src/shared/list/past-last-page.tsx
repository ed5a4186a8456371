import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

interface PastLastPageProps {
  /** The page the address asks for. */
  page: number;
  /** The table's last page, as the server counts it (at least 1). */
  lastPage: number;
}

/**
 * A server-paginated table asked for a page past its last (an old link, a hand-typed address):
 * says there is no such page and links to the first, instead of a count beside "nothing found".
 */
export function PastLastPage({ page, lastPage }: PastLastPageProps) {
  const { t } = useTranslation();
  const { search, pathname } = useLocation();
  // The same search and filters, without `page`.
  const first = new URLSearchParams(search);
  first.delete('page');
  return (
    <Stack gap="xs" role="status">
      <Text>{t('list.pastLastPage', { page, count: lastPage })}</Text>
      <Anchor component={Link} to={{ pathname, search: first.toString() }}>
        {t('list.toFirstPage')}
      </Anchor>
    </Stack>
  );
}

/** Whether the address asks for a page the table does not have. */
export function isPastLastPage(page: number, lastPage: number): boolean {
  return page > Math.max(1, lastPage);
}
