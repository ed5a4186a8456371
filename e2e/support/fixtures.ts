import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, expect, inject, test as base } from 'vitest';
import { waitingForTheApp } from './app-started.ts';
import { georgianPhone, launchChromium } from './chromium.ts';

let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
});

const artifacts = path.resolve(import.meta.dirname, '../artifacts');

/** A fresh browser context on a phone, pointed at the running product; `options` add to it. */
export function phoneContext(browser: Browser, options: BrowserContextOptions = {}) {
  return browser.newContext({ ...georgianPhone, baseURL: inject('baseURL'), ...options });
}

/** The browser `page` runs in, for a journey that opens a context of its own beside it. */
export function browserOf(page: Page): Browser {
  const browser = page.context().browser();
  if (!browser) throw new Error('The page has no browser');
  return browser;
}

/** `page`: a fresh browser context on a phone, pointed at the running product. */
export const test = base.extend<{ page: Page }>({
  page: async ({ task }, use) => {
    browser ??= await launchChromium();
    const context = await phoneContext(browser);
    const page = waitingForTheApp(await context.newPage());
    await use(page);
    if (task.result?.state === 'fail') {
      await mkdir(artifacts, { recursive: true });
      await page.screenshot({
        path: path.join(artifacts, `${task.name.replace(/\W+/g, '-')}.png`),
      });
    }
    await context.close();
  },
});

/** Opens `path` in a phone's browser with JavaScript off, hands the page to `see`, then closes. */
export async function withoutJavaScript(
  browser: Browser,
  path: string,
  see: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await phoneContext(browser, { javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(path);
    await see(page);
  } finally {
    await context.close();
  }
}

/** Runs in the page: nothing moves but endless animations (spinners). */
function motionSettled(): boolean {
  // This project's TypeScript for tests has no DOM types: the little that is used, declared.
  const { document } = globalThis as unknown as {
    document: { getAnimations(): { effect: { getTiming(): { iterations?: number } } | null }[] };
  };
  return document
    .getAnimations()
    .every((animation) => animation.effect?.getTiming().iterations === Infinity);
}

/** Fails with the list of accessibility violations axe finds on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  // A dialog fading in has its colours at part opacity: judge contrast once motion has settled.
  await page.waitForFunction(motionSettled);
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(violations).toEqual([]);
}
