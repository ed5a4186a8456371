import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';

function titled(title: RouteHandle['title']): { handle: RouteHandle } {
  return { handle: { title } };
}

/**
 * Every route of the app (fresh objects each call: a router takes ownership of its routes). Screens load lazily, one chunk per feature. Routes for signed-in
 * customers go in a pathless group `{ middleware: [protectedMiddleware], children }`, support
 * screens in one with `supportMiddleware` (see ./guards).
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      // Nothing to show until the first screen's chunk has loaded: the shell appears with it.
      HydrateFallback: () => null,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            {
              index: true,
              ...titled('home.title'),
              lazy: {
                Component: async () => (await import('../features/home/home-page')).HomePage,
              },
            },
            {
              path: 'claims',
              ...titled('claims.title'),
              lazy: {
                Component: async () => (await import('../features/claims/claims-page')).ClaimsPage,
              },
            },
            {
              path: 'credit-info/redirect',
              ...titled('creditInfoRedirect.title'),
              lazy: {
                Component: async () =>
                  (await import('../features/credit-info/verification-done-page'))
                    .VerificationDonePage,
              },
            },
            { path: '*', ...titled('notFound.title'), Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
