import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { throwIfNotFound } from '../page/not-found';
import { ErrorAlert } from './error-alert';

interface QueryContentProps<T> {
  query: UseQueryResult<T>;
  /** Said while the answer is on its way. */
  loading: string;
  children: (data: T) => ReactNode;
}

/**
 * What a screen shows for one query: a line while it loads, the server's words if it fails,
 * and the not-found screen instead when the server says there is no such record (404).
 */
export function QueryContent<T>({ query, loading, children }: QueryContentProps<T>) {
  throwIfNotFound(query.error);
  if (query.isError) return <ErrorAlert message={query.error.message} />;
  if (query.isPending) return <Text>{loading}</Text>;
  return children(query.data);
}
