import './shared/validation/without-eval';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { createBrowserRouter, type DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './app/styles/styles';
import { addBoldFonts } from './app/styles/bold-fonts';
import { Providers } from './app/providers';
import { appRoutes } from './app/router';
import { signedInShellMarker } from './app/layout/signed-in-shell';
import { setPasswordChangeHandler, setUnauthorizedHandler } from './shared/api/api-client';
import { dropEarlyAnswers } from './shared/api/early-answers';
import { createQueryClient, routerContextWith } from './shared/api/query-client';
import { loadPrerenderedContent } from './shared/content/prerendered-content';
import { initI18n, prefersDefaultLocale } from './shared/i18n/i18n';
import { NotFoundError } from './shared/page/not-found';
import { typeAgain, typedBeforeStart } from './shared/page/typed-before-start';
import { session } from './shared/session/session';
import { ssoToken } from './shared/sso/sso-token';

/**
 * Ends the current task, so the browser can paint and answer a tap between the start's steps:
 * on a phone each step is a long task of its own, together one that blocks for a second.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Marks the page once the app has rendered or hydrated it: from then on its controls answer.
 * A prerendered page shows them before (see start-after-paint.ts); the journeys wait for it.
 */
function MarkStarted({ onStarted }: { onStarted: () => void }): null {
  useEffect(() => {
    onStarted();
    document.documentElement.dataset.appStarted = '';
  }, [onStarted]);
  return null;
}

// No top-level await: it would stop the bundler from merging the first visit's chunks.
async function start(): Promise<void> {
  await initI18n();
  await yieldToBrowser();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const queryClient = createQueryClient();
  loadPrerenderedContent(queryClient);
  const routes = appRoutes();
  // A prerendered public page (see entry-server.tsx) was rendered for a signed-out visitor in
  // Georgian: it is hydrated when this browser would render the same, and replaced otherwise.
  // Its route is not lazy (app/router.tsx), so the router has it at once.
  const hydrate =
    container.hasChildNodes() &&
    !container.hasAttribute(signedInShellMarker) &&
    session.get() === null &&
    ssoToken.get() === null &&
    prefersDefaultLocale();
  // A visitor may have begun to fill in the prerendered page's form: what they typed goes back
  // in once the app has hydrated it.
  const typed = hydrate ? typedBeforeStart(container) : new Map<string, string>();
  const onStarted = () => {
    typeAgain(container, typed);
    dropEarlyAnswers();
    addBoldFonts();
  };
  const router = createBrowserRouter(routes, {
    getContext: () => routerContextWith(queryClient),
    ...(hydrate && { hydrationData: { loaderData: {} } }),
  });
  // The server ended the session (revoked, or idle past its lifetime): /login says so.
  setUnauthorizedHandler(() => {
    if (router.state.location.pathname !== '/login') void router.navigate('/login?reason=ended');
  });
  // The session's temporary password must be changed before anything else.
  setPasswordChangeHandler(() => {
    if (router.state.location.pathname !== '/change-password') {
      void router.navigate('/change-password');
    }
  });
  await yieldToBrowser();

  const app = (appRouter: DataRouter) => (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider
          router={appRouter}
          onError={(error) => {
            if (!(error instanceof NotFoundError)) console.error(error);
          }}
        />
      </Providers>
      <MarkStarted onStarted={onStarted} />
    </StrictMode>
  );
  // A record that is not there is an answer, not a fault: its screen says so, the console not.
  const rootOptions: RootOptions = {
    onCaughtError(error, errorInfo) {
      if (error instanceof NotFoundError) return;
      console.error(error, errorInfo.componentStack);
    },
  };
  if (hydrate) {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (what a phone's first tap waits on).
    startTransition(() => {
      hydrateRoot(container, app(router), rootOptions);
    });
  } else {
    // What the page shows (a signed-in screen's shell, a page in the other language) stays until
    // the app's first render replaces it whole, once the first screen's code is here. As a
    // transition, that render too yields to the browser every few milliseconds.
    await routerReady(router);
    startTransition(() => {
      createRoot(container, rootOptions).render(app(router));
    });
  }
}

/** Resolves once the router has run the first navigation's guards and loaded its screen. */
function routerReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

void start();
