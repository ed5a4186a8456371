import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { sessionKey, sessionLifetimeMs } from '../apps/web/src/shared/session/session-keys.ts';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';
import { customerThroughApi } from './api-customers.ts';
import { firstVisitWeight } from './first-visit.ts';
import { startReferencePage } from './reference-page.ts';
import type { Measurement } from './measurement.ts';

interface PageBudget {
  route: string;
  signedIn: boolean;
  /** The most the largest contentful paint may take, in ms. */
  lcp: number;
}

/** The pages measured as references (see reference-page.ts), without budgets. */
const referencePages = [
  { folder: 'bare-react', name: 'bare React page (reference)' },
  { folder: 'stack-floor', name: "the web stack's floor (reference)" },
] as const;

type ReferencePage = (typeof referencePages)[number]['name'];

// Public pages are a first visit from an ad or an SMS link; signed-in ones follow a login.
const pages: PageBudget[] = [
  { route: '/', signedIn: false, lcp: 1500 },
  { route: '/login', signedIn: false, lcp: 1500 },
  { route: '/register', signedIn: false, lcp: 1500 },
  { route: '/main', signedIn: true, lcp: 2000 },
  { route: '/loan', signedIn: true, lcp: 2000 },
];

/**
 * Lighthouse's mobile preset (a mid-range phone on slow 4G, simulated) on Debian's Chromium:
 * the performance, accessibility and best-practices scores and the paint timings of each
 * page, with an empty cache. Signed-in pages get a customer's session in local storage first.
 */
export async function lighthouseBenchmark(baseURL: string): Promise<Measurement[]> {
  const customer = await customerThroughApi(baseURL, 90_001);
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const measurements: Measurement[] = [];
    for (const page of pages) {
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
      measurements.push(...(await audit(`${baseURL}${page.route}`, chrome.port, page)));
    }
    for (const { folder, name } of referencePages) {
      const reference = await startReferencePage(folder);
      try {
        measurements.push(
          ...(await firstVisitWeight(reference.url, '/', name)),
          ...(await audit(reference.url, chrome.port, name)),
        );
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
  const { categories, audits, runtimeError } = result.lhr;
  // A page Lighthouse could not load scores 0 with no timings: say why beside them.
  if (runtimeError)
    console.warn(`Lighthouse on ${url}: ${runtimeError.code}: ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const reference = typeof page === 'string';
  const name = (what: string) => `Lighthouse ${reference ? page : page.route}: ${what}`;
  const publicPage = !reference && !page.signedIn;
  const measurements: Measurement[] = [
    {
      name: name('performance'),
      value: score('performance'),
      unit: '',
      ...(publicPage && { floor: 98 }),
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
      ...(publicPage && { budget: 1000 }),
    },
    {
      name: name('largest contentful paint'),
      value: ms('largest-contentful-paint'),
      unit: 'ms',
      ...(!reference && { budget: page.lcp }),
    },
    {
      name: name('total blocking time'),
      value: ms('total-blocking-time'),
      unit: 'ms',
      budget: 100,
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
