import { createBrowserRouter, type RouteObject } from 'react-router';
import { protectedMiddleware } from './guards/guard-middleware';
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
              path: 'login',
              ...titled('account.login'),
              lazy: {
                Component: async () =>
                  (await import('../features/accounts/login/login-page')).LoginPage,
              },
            },
            {
              path: 'register',
              ...titled('account.register'),
              lazy: {
                Component: async () =>
                  (await import('../features/accounts/register/register-page')).RegisterPage,
              },
            },
            {
              path: 'restore-password',
              ...titled('labels.restorePassword'),
              lazy: {
                Component: async () =>
                  (await import('../features/accounts/restore-password/restore-password-page'))
                    .RestorePasswordPage,
              },
            },
            {
              // The identity provider's redirect URI: APP_URL + '/sso/callback'.
              path: 'sso/callback',
              lazy: {
                loader: async () =>
                  (await import('../features/accounts/sso-callback/sso-callback-loader'))
                    .ssoCallbackLoader,
              },
            },
            {
              middleware: [protectedMiddleware],
              children: [
                {
                  path: 'change-password',
                  ...titled('account.changePassword'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/accounts/change-password/change-password-page'))
                        .ChangePasswordPage,
                  },
                },
                {
                  path: 'logout',
                  lazy: {
                    loader: async () =>
                      (await import('../features/accounts/logout/logout-loader')).logoutLoader,
                  },
                },
              ],
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
