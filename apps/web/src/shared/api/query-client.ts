import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const maxRetries = 2;

/**
 * A query's `meta` flag: its answer follows the customer's questionnaire (the offer's
 * affordability check), so saving the questionnaire drops it from the cache.
 */
export const followsQuestionnaire = 'followsQuestionnaire';

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
