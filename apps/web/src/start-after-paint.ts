// The page's one script: it fetches and starts the app, after the first paint when the page
// was prerendered. The page then shows its text before the app's code arrives, and on a slow
// network that code does not compete with the page's fonts. The build lists the app's
// modules, entry first, in this script's `data-app-modules` (see vite.config.ts).
const script = document.querySelector<HTMLScriptElement>('script[data-app-modules]');
const [entry = '', ...imports] = script?.dataset.appModules?.split(' ') ?? [];
if (!entry) throw new Error('The page does not name its app modules');

function start(): void {
  // Fetched side by side with the entry, not one after another as its imports are found.
  for (const href of imports) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry);
}

const prerendered = document.getElementById('root')?.hasChildNodes() ?? false;
// A hidden page does not paint; a browser without paint timing cannot say when it has.
const paintObservable =
  document.visibilityState === 'visible' &&
  PerformanceObserver.supportedEntryTypes.includes('paint');
if (prerendered && paintObservable) {
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
} else {
  start();
}
