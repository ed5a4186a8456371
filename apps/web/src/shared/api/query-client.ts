import { noop, QueryClient, type QueryExecuteOptions } from '@tanstack/react-query';
import { createContext, RouterContextProvider, type LoaderFunction } from 'react-router';
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

/** The app's query cache in the router's context, where route loaders find it. */
export const queryClientContext = createContext<QueryClient>();

/** The router's context holding `queryClient` (a router's `getContext`). */
export function routerContextWith(queryClient: QueryClient): RouterContextProvider {
  return new RouterContextProvider(new Map([[queryClientContext, queryClient]]));
}

/**
 * A route loader that asks for its screen's data as the navigation starts, beside the download
 * of the screen's code rather than after it, and waits for none of it: the screen shows each
 * query's state as it would have. On a phone's first visit to a signed-in screen, this takes
 * a round trip off the wait for its content.
 */
export function prefetching(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own types
  ...queries: (() => QueryExecuteOptions<any, Error, any, any, any>)[]
): LoaderFunction {
  return ({ context }) => {
    const queryClient = context.get(queryClientContext);
    // A failure shows on the screen, which reads the same query.
    for (const query of queries) queryClient.query(query()).catch(noop);
    return null;
  };
}
