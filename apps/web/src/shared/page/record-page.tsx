import { Anchor, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { listHref } from '../list/list-location';
import { LoadFailed, LoadingLine } from '../ui/page-parts';
import { throwIfNotFound } from './not-found';

/**
 * The page of one row of a table (`/applications/{id}`, `/checking/users/{id}`): the way back
 * to the table as it was left, a title, and the record's sections once it has loaded. A record
 * the server does not have (or not for this viewer) is the not-found screen.
 */
export function RecordPage<Data>({
  listPath,
  backLabel,
  title,
  record,
  children,
}: {
  listPath: string;
  backLabel: string;
  /** The record's own title once loaded, the page's before. */
  title: string;
  record: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
}) {
  const location = useLocation();
  throwIfNotFound(record.error);
  return (
    <Stack gap="xl">
      <Anchor component={Link} to={listHref(listPath, location.state)}>
        {backLabel}
      </Anchor>
      <Title order={1}>{title}</Title>
      {record.isPending && <LoadingLine />}
      {record.isError && <LoadFailed error={record.error} />}
      {record.isSuccess && children(record.data)}
    </Stack>
  );
}
