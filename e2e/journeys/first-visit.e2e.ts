import { describe, expect, inject } from 'vitest';
import { browserOf, phoneContext, test, withoutJavaScript } from '../support/fixtures.ts';

const prerenderedPages = ['/', '/login', '/register', '/restore-password', '/claims', '/faq'];

// This project's TypeScript for tests has no DOM types: the little the page runs, declared.
interface PageGlobals {
  console: { error(message: string): void };
  document: {
    addEventListener(type: string, listener: (event?: { violatedDirective: string }) => void): void;
    getElementById(id: string): { firstElementChild: object | null } | null;
  };
  firstPainted?: object | null;
  layoutShifts?: number;
  performance: {
    getEntriesByName(name: string): { startTime: number }[];
    getEntriesByType(type: string): { name: string; startTime: number }[];
  };
  PerformanceObserver: new (
    callback: (list: { getEntries(): { value?: number; hadRecentInput?: boolean }[] }) => void,
  ) => { observe(options: { type: string; buffered: boolean }): void };
}

describe('a first visit from an ad or an SMS link', () => {
  test('sees the Georgian login form without any JavaScript', async ({ page }) => {
    const browser = browserOf(page);
    await withoutJavaScript(browser, '/login', async (bare) => {
      expect(await bare.title()).toBe('შესვლა — Sesxi');
      await bare.getByRole('heading', { level: 1, name: 'შესვლა' }).waitFor();
      await bare.getByRole('textbox', { name: 'ტელეფონის ნომერი' }).waitFor();
      await bare.getByLabel('პაროლი').first().waitFor();
      await bare.getByRole('button', { name: 'შესვლა' }).waitFor();
      await bare.getByRole('link', { name: 'დაგავიწყდათ პაროლი?' }).waitFor();
    });
  });

  test('a form sent without JavaScript keeps the password out of the address', async ({ page }) => {
    const browser = browserOf(page);
    await withoutJavaScript(browser, '/login', async (bare) => {
      await bare.getByRole('textbox', { name: 'ტელეფონის ნომერი' }).fill('599123456');
      await bare.getByLabel('პაროლი').first().fill('secret-Pass-1');
      await bare.getByRole('button', { name: 'შესვლა' }).click();
      await bare.waitForLoadState();
      // The form is shown again, its values dropped: nothing reached the address bar.
      await bare.getByRole('heading', { level: 1, name: 'შესვლა' }).waitFor();
      expect(new URL(bare.url()).pathname).toBe('/login');
      expect(bare.url()).not.toContain('secret');
      expect(bare.url()).not.toContain('599123456');
    });
  });

  test('a form sent before the app has started is sent by the app, with what was typed', async ({
    page,
  }) => {
    const browser = browserOf(page);
    const context = await phoneContext(browser);
    try {
      const early = await context.newPage();
      // The app's chunks are held back, as on a slow network, until the form has been sent.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await early.route('**/assets/first-visit-*.js', async (route) => {
        await held;
        await route.continue();
      });
      const documentsLoaded: string[] = [];
      early.on('request', (request) => {
        if (request.isNavigationRequest())
          documentsLoaded.push(`${request.method()} ${request.url()}`);
      });
      await early.goto('/login');
      await early.getByRole('textbox', { name: 'ტელეფონის ნომერი' }).fill('599123456');
      await early.getByLabel('პაროლი').first().fill('secret-Pass-1');
      const signIn = early.getByRole('button', { name: 'შესვლა' });
      await signIn.click();
      // The tap is held, and the button says it is on its way.
      expect(await signIn.getAttribute('aria-busy')).toBe('true');
      release();
      await early.locator('html[data-app-started]').waitFor({ state: 'attached' });

      // Once started, the app sends the form itself, with what was typed: it reaches the
      // server, which knows no such account. No second tap, and the browser sent nothing.
      await early.getByText('ტელეფონის ნომერი ან პაროლი არასწორია').waitFor();
      expect(documentsLoaded).toEqual([`GET ${inject('baseURL')}/login`]);
      expect(early.url()).toBe(`${inject('baseURL')}/login`);
      expect(await early.getByRole('textbox', { name: 'ტელეფონის ნომერი' }).inputValue()).toBe(
        '599123456',
      );
      expect(await signIn.getAttribute('aria-busy')).not.toBe('true');
    } finally {
      await context.close();
    }
  });

  test.for(prerenderedPages)(
    '%s is hydrated: the markup the server sent stays, nothing is logged, the CSP holds',
    async (path, { page }) => {
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
      });
      page.on('pageerror', (error) => logged.push(error.message));
      await page.addInitScript(() => {
        const globals = globalThis as unknown as PageGlobals;
        globals.document.addEventListener('DOMContentLoaded', () => {
          globals.firstPainted = globals.document.getElementById('root')?.firstElementChild;
        });
        // A blocked eval or inline script is only reported, never logged: log it.
        globals.document.addEventListener('securitypolicyviolation', (event) => {
          globals.console.error(`CSP violation: ${event?.violatedDirective ?? ''}`);
        });
      });

      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      const kept = await page.evaluate(() => {
        const globals = globalThis as unknown as PageGlobals;
        const now = globals.document.getElementById('root')?.firstElementChild;
        return globals.firstPainted != null && globals.firstPainted === now;
      });
      expect(kept).toBe(true);
      expect(logged).toEqual([]);
    },
  );

  test.for(['/', '/login', '/register'])(
    '%s does not move while its data arrives (layout shift ≤ 0.1)',
    async (path, { page }) => {
      await page.addInitScript(() => {
        const globals = globalThis as unknown as PageGlobals;
        globals.layoutShifts = 0;
        new globals.PerformanceObserver((list) => {
          for (const shift of list.getEntries()) {
            if (!shift.hadRecentInput)
              globals.layoutShifts = (globals.layoutShifts ?? 0) + (shift.value ?? 0);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      // The footer's contact details are the last to come, from the API.
      await page.getByRole('contentinfo').getByRole('heading', { name: 'ფილიალები' }).waitFor();
      await page.waitForTimeout(500);
      const shifted = await page.evaluate(
        () => (globalThis as unknown as PageGlobals).layoutShifts ?? Number.NaN,
      );
      expect(shifted).toBeLessThanOrEqual(0.1);
    },
  );

  // When the page painted and when the app's entry was asked for, ms since navigation.
  const paintAndEntryStart = () => {
    const { document, performance } = globalThis as unknown as PageGlobals &
      typeof globalThis & { document: { querySelector(selector: string): unknown } };
    const starter = document.querySelector('script[data-app-modules]') as {
      dataset: { appModules: string };
    };
    const entry = starter.dataset.appModules.split(' ').at(-1) ?? '';
    const requested = performance
      .getEntriesByType('resource')
      .find((resource) => resource.name.endsWith(entry));
    return {
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entryRequested: requested?.startTime,
    };
  };

  test('a prerendered page paints before the app is fetched; an empty one fetches it at once', async ({
    page,
  }) => {
    await page.goto('/login', { waitUntil: 'networkidle' });
    const login = await page.evaluate(paintAndEntryStart);
    expect(login.entryRequested).toBeGreaterThanOrEqual(login.painted ?? Number.NaN);

    // A screen behind a path parameter has no shell: nothing paints until the app has run (and
    // sent this visitor to /login).
    await page.goto('/loan-edit/1', { waitUntil: 'networkidle' });
    await page.waitForURL('**/login');
    const empty = await page.evaluate(paintAndEntryStart);
    expect(empty.entryRequested).toBeLessThan(empty.painted ?? Number.NaN);
  });

  test("the app's first chunks ask the browser to compile them while they download", async ({
    page,
  }) => {
    const modules = await page.request
      .get('/login')
      .then((response) => response.text())
      .then((html) => /data-app-modules="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? []);
    const firstVisit = modules.filter((module) => /\/first-visit-[\w-]+\.js$/.test(module));
    expect(firstVisit.length, modules.join(', ')).toBe(2);
    for (const chunk of firstVisit) {
      // As a phone gets it: compressed, so the copy the server picks is checked too.
      const served = await page.request.get(chunk, { headers: { 'accept-encoding': 'br' } });
      expect(served.headers()['content-encoding']).toBe('br');
      const [firstLine] = (await served.text()).split('\n', 1);
      expect(firstLine, chunk).toBe('//# allFunctionsCalledOnLoad');
    }
  });

  test('the hydrated login form answers at once', async ({ page }) => {
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'შესვლა' }).click();
    await page.getByText('ველის შევსება სავალდებულოა').first().waitFor();
  });
});
