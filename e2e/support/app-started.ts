import type { Page } from 'playwright-core';

/**
 * `page` with its `goto` waiting, on the app's pages, for the app to have started: a
 * prerendered page shows its controls before the app runs (see the web app's
 * start-after-paint.ts), and a person, too, waits for a page to react.
 */
export function waitingForTheApp(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if ((await page.locator('script[data-app-modules]').count()) > 0) {
      await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
    }
    return response;
  };
  return page;
}
