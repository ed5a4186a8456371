import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { sessionKey, sessionLifetimeMs } from '../apps/web/src/shared/session/session-keys.ts';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';
import { customerThroughApi } from './api-customers.ts';
import { referencePages, startReferencePage, type ReferencePage } from './reference-page.ts';
import type { Measurement } from './measurement.ts';

interface PageBudget {
  route: string;
  signedIn: boolean;
}

/**
 * Public pages are a first visit from an ad; signed-in ones most often a returning customer
 * from an SMS link on a phone, held to the web's line for a good page (decision 019).
 */
const budgets = {
  public: { performance: 98, lcp: 1500, fcp: 1000, tbt: 100 },
  signedIn: { performance: 90, lcp: 2500, tbt: 200 },
} as const;

const pages: PageBudget[] = [
  { route: '/', signedIn: false },
  { route: '/login', signedIn: false },
  { route: '/register', signedIn: false },
  { route: '/main', signedIn: true },
  { route: '/loan', signedIn: true },
];

interface LighthouseOptions {
  /** Only these routes (all when empty); the reference pages are measured in any case. */
  pages?: readonly string[];
  /** A folder to keep each page's full Lighthouse report in (its trace's diagnostics). */
  reportsDir?: string;
}

/**
 * Lighthouse's mobile preset (a mid-range phone on slow 4G, simulated) on Debian's Chromium:
 * the performance, accessibility and best-practices scores and the paint timings of each
 * page, with an empty cache, and of the reference pages in the same run. Signed-in pages get
 * a customer's session in local storage first.
 */
export async function lighthouseBenchmark(
  baseURL: string,
  { pages: only = [], reportsDir }: LighthouseOptions = {},
): Promise<Measurement[]> {
  const unknown = only.filter((route) => !pages.some((page) => page.route === route));
  if (unknown.length > 0) throw new Error(`Lighthouse measures no page ${unknown.join(', ')}`);
  const measured = pages.filter((page) => only.length === 0 || only.includes(page.route));
  const customer = await customerThroughApi(baseURL, 90_001);
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const measurements: Measurement[] = [];
    for (const page of measured) {
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.clearBrowserCache');
      await tab.goto(`${baseURL}/favicon.svg`);
      await tab.evaluate(
        ([key, value]) => {
          if (value === null) localStorage.clear();
          else localStorage.setItem(key, value);
        },
        [
          sessionKey,
          page.signedIn
            ? JSON.stringify({ ...customer.user, expireMinutes: Date.now() + sessionLifetimeMs })
            : null,
        ] as const,
      );
      await tab.close();
      measurements.push(...(await audit(`${baseURL}${page.route}`, chrome.port, page, reportsDir)));
    }
    for (const { folder, name } of referencePages) {
      const reference = await startReferencePage(folder);
      try {
        measurements.push(...(await audit(reference.url, chrome.port, name, reportsDir)));
      } finally {
        await reference.stop();
      }
    }
    return measurements;
  } finally {
    await browser.close();
    chrome.kill();
  }
}

async function audit(
  url: string,
  port: number,
  page: PageBudget | ReferencePage,
  reportsDir: string | undefined,
): Promise<Measurement[]> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // Local storage holds the session set up above; the cache was emptied.
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (reportsDir !== undefined) {
    const file = `${(typeof page === 'string' ? page : page.route).replace(/\W+/g, '-')}.json`;
    await writeFile(path.join(reportsDir, file), JSON.stringify(result.lhr));
  }
  const { categories, audits, runtimeError } = result.lhr;
  // A page Lighthouse could not load scores 0 with no timings: say why beside them.
  if (runtimeError)
    console.warn(`Lighthouse on ${url}: ${runtimeError.code}: ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const reference = typeof page === 'string';
  const name = (what: string) => `Lighthouse ${reference ? page : page.route}: ${what}`;
  const publicPage = !reference && !page.signedIn;
  const budget = publicPage ? budgets.public : budgets.signedIn;
  const measurements: Measurement[] = [
    {
      name: name('performance'),
      value: score('performance'),
      unit: '',
      floor: budget.performance,
    },
    { name: name('accessibility'), value: score('accessibility'), unit: '', floor: 100 },
    {
      name: name('best practices'),
      value: score('best-practices'),
      unit: '',
      ...(publicPage && { floor: 100 }),
    },
    {
      name: name('first contentful paint'),
      value: ms('first-contentful-paint'),
      unit: 'ms',
      ...(publicPage && { budget: budgets.public.fcp }),
    },
    {
      name: name('largest contentful paint'),
      value: ms('largest-contentful-paint'),
      unit: 'ms',
      budget: budget.lcp,
    },
    {
      name: name('total blocking time'),
      value: ms('total-blocking-time'),
      unit: 'ms',
      budget: budget.tbt,
    },
    {
      name: name('cumulative layout shift'),
      value: ms('cumulative-layout-shift'),
      unit: '',
      budget: 0.1,
    },
  ];
  return reference
    ? measurements.map(({ name, value, unit }) => ({ name, value, unit }))
    : measurements;
}
