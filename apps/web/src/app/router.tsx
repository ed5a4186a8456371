import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/accounts/login/login-page';
import { RegisterPage } from '../features/accounts/register/register-page';
import { RestorePasswordPage } from '../features/accounts/restore-password/restore-password-page';
import { ClaimsPage } from '../features/claims/claims-page';
import { FaqPage } from '../features/content/faq-page';
import { HomePage } from '../features/home/home-page';
import { VerificationDonePage } from '../features/loans/credit-info/verification-done-page';
import { roleScreens } from '../shared/session/roles';
import { guestOnlyMiddleware, protectedMiddleware, requireRole } from './guards/guard-middleware';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';

function titled(title: RouteHandle['title']): { handle: RouteHandle } {
  return { handle: { title } };
}

/** A staff role's own screen (where its holders land), as a path below the root. */
function roleScreenPath(role: keyof typeof roleScreens): string {
  return roleScreens[role].path.slice(1);
}

/**
 * Every route of the app (fresh objects each call: a router takes ownership of its routes).
 * The public pages, which the build prerenders, are part of the first script so that they
 * hydrate at once; signed-in screens load lazily, one chunk per feature. Routes for signed-in
 * customers go in a pathless group `{ middleware: [protectedMiddleware], children }`, staff
 * screens in one with `requireRole(role)` (see ./guards). A screen whose content waits for
 * data asks for it in its loader (`prefetching`), a small chunk of its own that arrives before
 * the screen's and keeps the request out of the first visit's code.
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
              Component: HomePage,
            },
            {
              path: 'claims',
              // Its own section lists the contacts, with the branches' phones.
              handle: { title: 'claims.title', showsContacts: true } satisfies RouteHandle,
              Component: ClaimsPage,
            },
            {
              path: 'faq',
              ...titled('faq.title'),
              Component: FaqPage,
            },
            {
              path: 'login',
              middleware: [guestOnlyMiddleware],
              ...titled('account.login'),
              Component: LoginPage,
            },
            {
              path: 'register',
              middleware: [guestOnlyMiddleware],
              ...titled('account.register'),
              Component: RegisterPage,
            },
            {
              path: 'restore-password',
              ...titled('labels.restorePassword'),
              Component: RestorePasswordPage,
            },
            {
              // The identity provider's redirect URI: APP_URL + '/sso/callback'.
              path: 'sso/callback',
              lazy: {
                loader: async () =>
                  (await import('./routes/sso-callback-loader')).ssoCallbackLoader,
              },
            },
            {
              middleware: [protectedMiddleware],
              children: [
                {
                  path: 'sda-checking',
                  ...titled('sda.title'),
                  lazy: {
                    loader: async () =>
                      (await import('../features/onboarding/sda-checking-loader'))
                        .sdaCheckingLoader,
                    Component: async () =>
                      (await import('../features/onboarding/sda-checking-page')).SdaCheckingPage,
                  },
                },
                {
                  path: 'questionnaire',
                  ...titled('questionnaire.title'),
                  lazy: {
                    loader: async () =>
                      (await import('../features/questionnaire/questionnaire-loader'))
                        .questionnaireLoader,
                    Component: async () =>
                      (await import('../features/questionnaire/questionnaire-page'))
                        .QuestionnairePage,
                  },
                },
                {
                  path: 'questionnaire-edit',
                  ...titled('questionnaire.editTitle'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/questionnaire/questionnaire-edit-page'))
                        .QuestionnaireEditPage,
                  },
                },
                {
                  path: 'main',
                  ...titled('main.title'),
                  lazy: {
                    loader: async () => (await import('./routes/main-page-loader')).mainPageLoader,
                    Component: async () => (await import('./routes/main-page')).MainPage,
                  },
                },
                {
                  path: 'loan',
                  ...titled('loan.newTitle'),
                  lazy: {
                    loader: async () =>
                      (await import('../features/loans/loan-form/loan-page-loader')).loanPageLoader,
                    Component: async () =>
                      (await import('../features/loans/loan-form/loan-page')).LoanPage,
                  },
                },
                {
                  path: 'loan-edit/:id',
                  ...titled('loan.editTitle'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/loans/loan-form/loan-edit-page')).LoanEditPage,
                  },
                },
                {
                  path: 'questionnaire-review/:id',
                  ...titled('questionnaire.editTitle'),
                  lazy: {
                    Component: async () =>
                      (await import('./routes/questionnaire-review-page')).QuestionnaireReviewPage,
                  },
                },
                {
                  path: 'credit-info/:id',
                  ...titled('creditInfo.title'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/loans/credit-info/credit-info-page'))
                        .CreditInfoPage,
                  },
                },
                {
                  path: 'credit-info/:id/identification/:status?',
                  ...titled('labels.identification'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/loans/credit-info/identification-page'))
                        .IdentificationPage,
                  },
                },
                {
                  path: 'loans/:id',
                  ...titled('loanAccount.title'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/loans/account/loan-account-page')).LoanAccountPage,
                  },
                },
                {
                  path: 'loans/:id/contract',
                  ...titled('contract.title'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/loans/contract/contract-page')).ContractPage,
                  },
                },
                {
                  path: 'documents',
                  ...titled('documents.title'),
                  lazy: {
                    loader: async () =>
                      (await import('../features/documents/documents-page-loader'))
                        .documentsPageLoader,
                    Component: async () =>
                      (await import('../features/documents/documents-page')).DocumentsPage,
                  },
                },
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
                {
                  // Identomat's return_url: APP_URL + '/identomat?session_token=…'.
                  path: 'identomat',
                  lazy: {
                    loader: async () =>
                      (await import('../features/identity-verification/identomat-return-loader'))
                        .identomatReturnLoader,
                  },
                },
              ],
            },
            {
              middleware: [requireRole('support')],
              children: [
                {
                  path: roleScreenPath('support'),
                  ...titled('labels.users'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/support/users/users-page')).UsersPage,
                  },
                },
                {
                  path: 'checking/users/:id',
                  ...titled('support.userTitle'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/support/user-detail/user-page')).UserPage,
                  },
                },
              ],
            },
            {
              middleware: [requireRole('credit_officer')],
              children: [
                {
                  path: roleScreenPath('credit_officer'),
                  ...titled('decisions.queueTitle'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/decisions/queue/queue-page')).QueuePage,
                  },
                },
                {
                  path: 'applications/:id',
                  ...titled('decisions.reviewTitle'),
                  lazy: {
                    Component: async () =>
                      (await import('./routes/application-review-page')).ApplicationReviewPage,
                  },
                },
              ],
            },
            {
              middleware: [requireRole('content_editor')],
              children: [
                {
                  path: roleScreenPath('content_editor'),
                  ...titled('contentEditor.title'),
                  lazy: {
                    Component: async () =>
                      (await import('../features/content/editor/content-editor-page'))
                        .ContentEditorPage,
                  },
                },
              ],
            },
            {
              middleware: [requireRole('admin')],
              children: [
                {
                  path: roleScreenPath('admin'),
                  ...titled('staff.title'),
                  lazy: {
                    Component: async () => (await import('../features/staff/staff-page')).StaffPage,
                  },
                },
              ],
            },
            {
              path: 'credit-info/redirect',
              ...titled('creditInfoRedirect.title'),
              Component: VerificationDonePage,
            },
            { path: '*', ...titled('notFound.title'), Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
