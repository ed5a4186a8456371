import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { type Options as UserEventOptions } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '../app/providers';
import { routerContextWith } from '../shared/api/query-client';

export interface RenderOptions {
  /** Wraps the app in React's StrictMode, as main.tsx does. */
  strict?: boolean;
  /** For fake timers: how user-event moves the clock between its steps. */
  advanceTimers?: UserEventOptions['advanceTimers'];
}

/** Renders routes in a memory router with the app's providers (no retries, no transitions). */
export function renderRoutes(
  routes: RouteObject[],
  initialPath = '/',
  { strict = false, advanceTimers }: RenderOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, {
    initialEntries: [initialPath],
    getContext: () => routerContextWith(queryClient),
  });
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const app = (
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { router, user, ...view };
}
