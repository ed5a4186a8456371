/**
 * Resolves once the browser has nothing more pressing to do (at most two seconds on): code a
 * screen shows only on demand (menus, dialogs) loads then, not beside the screen's own code and
 * data on a phone's first paint.
 */
export function browserIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) {
      requestIdleCallback(
        () => {
          resolve();
        },
        { timeout: 2000 },
      );
    } else setTimeout(resolve, 0);
  });
}
