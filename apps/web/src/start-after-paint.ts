// The page's one script: it fetches and starts the app, after the first paint when the page
// was prerendered. The page then shows its text before the app's code arrives, and on a slow
// network that code does not compete with the page's fonts. The build lists the app's chunks
// in this script's `data-app-modules`, each after those it imports (the entry last), and its
// stylesheets in `data-app-styles` (see vite.config.ts). A signed-in screen's shell adds the
// chunks and stylesheets of its screen in `data-screen-modules` and `data-screen-styles`
// (entry-server.tsx), fetched beside the app's: the app imports them as its router needs them;
// and the requests for its data in `data-screen-requests`, made here for the visitor this
// browser holds, so that the answers are on their way while the app's code downloads.
import type { EarlyAnswer } from './shared/api/early-answers';

const script = document.querySelector<HTMLScriptElement>('script[data-app-modules]');
const listed = (names: string | undefined) => names?.split(' ').filter(Boolean) ?? [];
const modules = listed(script?.dataset.appModules);
if (modules.length === 0) throw new Error('The page does not name its app modules');
const screenModules = listed(script?.dataset.screenModules);
const stylesheets = [...listed(script?.dataset.appStyles), ...listed(script?.dataset.screenStyles)];

function appendLink(rel: 'stylesheet' | 'modulepreload', href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/** The stored session's bearer token (shared/session/session-keys.ts: `user`), if any. */
function storedToken(): string | undefined {
  try {
    const user: unknown = JSON.parse(localStorage.getItem('user') ?? 'null');
    const token = (user as { apiToken?: unknown } | null)?.apiToken;
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks for the screen's data as the app's api-client would (the same headers, the language
 * the visitor chose: shared/i18n/i18n.ts's `locale`), and hands the answers to the app
 * (api-client.ts takes them). Nothing is asked for a visitor who is not signed in.
 */
function askForScreenData(): void {
  const token = storedToken();
  const requests = listed(script?.dataset.screenRequests);
  if (token === undefined || requests.length === 0) return;
  const locale = localStorage.getItem('locale') ?? 'ka';
  const headers = {
    Accept: 'application/json',
    'Accept-Language': locale,
    'X-Requested-With': 'XMLHttpRequest',
    Authorization: `Bearer ${token}`,
  };
  window.earlyAnswers = requests.map((url): EarlyAnswer => {
    const response = fetch(url, { headers });
    // An answer the app never takes must not be reported as unhandled.
    response.catch(() => undefined);
    return { url, token, locale, response };
  });
}

/** Ends the current task: the browser may paint and answer a tap before the next one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // Fetched side by side, not one after another as their imports are found; then run one per
  // task (a chunk runs its imports first, which are listed before it): on a phone, the app's
  // start in one task held the main thread for longer than a tap may wait.
  for (const href of [...modules, ...screenModules]) appendLink('modulepreload', href);
  for (const href of modules) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
}

/** Calls `then` once the page has painted its first content, or at once if it cannot tell. */
function afterFirstPaint(then: () => void): void {
  // A hidden page does not paint; a browser without paint timing cannot say when it has.
  const observable =
    document.visibilityState === 'visible' &&
    PerformanceObserver.supportedEntryTypes.includes('paint');
  if (!observable) {
    then();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Calls `then` once the app has rendered or hydrated the page (main.tsx marks the page). */
function afterAppStart(then: () => void): void {
  const root = document.documentElement;
  const observer = new MutationObserver(() => {
    if (root.dataset.appStarted === undefined) return;
    observer.disconnect();
    then();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-app-started'] });
}

// A prerendered form sent before the app has started would be sent by the browser itself: its
// values, a password among them, in the address (the forms post, so that without JavaScript
// they go in the body to a server that shows the page again). So the tap is held, its button
// shown busy, and carried out by the app once it has started: a tap is never lost.
let heldTap: { form: HTMLFormElement; button: HTMLElement | null } | undefined;
document.addEventListener(
  'submit',
  (event) => {
    if (document.documentElement.dataset.appStarted !== undefined) return;
    event.preventDefault();
    heldTap?.button?.removeAttribute('aria-busy');
    heldTap = { form: event.target as HTMLFormElement, button: event.submitter };
    heldTap.button?.setAttribute('aria-busy', 'true');
  },
  { capture: true },
);
afterAppStart(() => {
  if (!heldTap) return;
  const { form, button } = heldTap;
  button?.removeAttribute('aria-busy');
  // The app's own submit handler takes it now; the form is the hydrated one, unless the app
  // rendered the page anew (another language, a signed-in visitor), when the tap has no form.
  if (!form.isConnected) return;
  // After the app's start has put back what was typed (main.tsx), in a task of its own.
  setTimeout(() => {
    form.requestSubmit(button && form.contains(button) ? button : null);
  }, 0);
});

if (document.getElementById('root')?.hasChildNodes()) {
  afterFirstPaint(() => {
    askForScreenData();
    // Inline are only the style rules the prerendered markup uses: the rest, for the app.
    for (const href of stylesheets) appendLink('stylesheet', href);
    void start();
  });
} else {
  void start();
}
