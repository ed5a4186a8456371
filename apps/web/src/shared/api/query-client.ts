import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const maxRetries = 2;

/** Client errors will not change on a retry; network failures and 5xx answers might. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.httpStatus < 500) return false;
  return failureCount < maxRetries;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
