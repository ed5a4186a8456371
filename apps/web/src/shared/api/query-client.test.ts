import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import { createQueryClient, prefetching, routerContextWith } from './query-client';

const retry = createQueryClient().getDefaultOptions().queries?.retry;

function retries(failureCount: number, error: Error): boolean {
  if (typeof retry !== 'function') throw new Error('expected a retry function');
  return retry(failureCount, error);
}

describe('query client defaults', () => {
  it.each([401, 403, 404, 409, 422, 429])('never retries a %d answer', (status) => {
    expect(retries(0, new ApiError(status, {}, ''))).toBe(false);
  });

  it('retries server failures and lost connections twice', () => {
    expect(retries(0, new ApiError(503, {}, ''))).toBe(true);
    expect(retries(1, new NetworkError('offline'))).toBe(true);
    expect(retries(2, new NetworkError('offline'))).toBe(false);
  });
});

describe('prefetching', () => {
  const routers: { dispose(): void }[] = [];
  afterEach(() => {
    for (const router of routers.splice(0)) router.dispose();
  });

  function visit(path: string, route: RouteObject) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/', Component: () => null }, route], {
      getContext: () => routerContextWith(queryClient),
    });
    routers.push(router);
    void router.navigate(path);
    return { router, queryClient };
  }

  it('asks for a screen’s data while its code is still loading', async () => {
    const queryFn = vi.fn(() => Promise.resolve(['answer']));
    const { queryClient } = visit('/screen', {
      path: 'screen',
      loader: prefetching(() => ({ queryKey: ['screen'], queryFn })),
      // The screen's chunk never arrives: only the loader can have asked.
      lazy: { Component: () => new Promise<never>(() => undefined) },
    });
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(['screen'])).toEqual(['answer']);
    });
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('lets the screen show a failed request instead of failing the navigation', async () => {
    const { router, queryClient } = visit('/screen', {
      path: 'screen',
      loader: prefetching(() => ({
        queryKey: ['screen'],
        queryFn: () => Promise.reject(new NetworkError('offline')),
      })),
      Component: () => null,
    });
    await vi.waitFor(() => {
      expect(queryClient.getQueryState(['screen'])?.status).toBe('error');
    });
    expect(router.state.location.pathname).toBe('/screen');
    expect(router.state.errors).toBeNull();
  });
});
