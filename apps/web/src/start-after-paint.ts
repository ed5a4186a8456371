// The page's one script: it fetches and starts the app, after the first paint when the page
// was prerendered. The page then shows its text before the app's code arrives, and on a slow
// network that code does not compete with the page's fonts. The build lists the app's
// modules, entry first, in this script's `data-app-modules` and its stylesheets in
// `data-app-styles` (see vite.config.ts).
const script = document.querySelector<HTMLScriptElement>('script[data-app-modules]');
const [entry = '', ...imports] = script?.dataset.appModules?.split(' ') ?? [];
if (!entry) throw new Error('The page does not name its app modules');
const stylesheets = script?.dataset.appStyles?.split(' ').filter(Boolean) ?? [];

function appendLink(rel: 'stylesheet' | 'modulepreload', href: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

function start(): void {
  // Fetched side by side with the entry, not one after another as its imports are found.
  for (const href of imports) appendLink('modulepreload', href);
  void import(/* @vite-ignore */ entry);
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

if (document.getElementById('root')?.hasChildNodes()) {
  afterFirstPaint(() => {
    // Inline are only the style rules the prerendered markup uses: the rest, for the app.
    for (const href of stylesheets) appendLink('stylesheet', href);
    start();
  });
} else {
  start();
}
