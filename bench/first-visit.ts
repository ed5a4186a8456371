import { gzipSync } from 'node:zlib';
import { georgianPhone, launchChromium } from '../e2e/support/chromium.ts';
import type { Measurement } from './measurement.ts';

const KB = 1024;

/**
 * What a first visit downloads, gzip-compressed: the JS and CSS Chromium fetches when it
 * opens the page with an empty cache and waits for the network to settle. A reference page
 * (`reference` its name) is measured the same way, without the budgets.
 */
export async function firstVisitWeight(
  baseURL: string,
  route: string,
  reference?: string,
): Promise<Measurement[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ ...georgianPhone, baseURL });
    const page = await context.newPage();
    const sizes = { script: 0, stylesheet: 0 };
    let scripts = 0;
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      if (type === 'script') scripts += 1;
      pending.push(
        response.body().then((body) => {
          sizes[type] += gzipSync(body, { level: 9 }).length;
        }),
      );
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const name = (what: string) => `first visit to ${reference ?? route}: ${what}`;
    return [
      {
        name: name('JS (gzip)'),
        value: sizes.script / KB,
        unit: 'KB',
        ...(reference === undefined && { budget: 130 }),
      },
      { name: name('CSS (gzip)'), value: sizes.stylesheet / KB, unit: 'KB' },
      {
        name: name('JS requests'),
        value: scripts,
        unit: '',
        ...(reference === undefined && { budget: 10 }),
      },
    ];
  } finally {
    await browser.close();
  }
}
