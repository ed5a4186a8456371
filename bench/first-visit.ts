import { gzipSync } from 'node:zlib';
import { georgianPhone, launchChromium } from '../e2e/support/chromium.ts';
import type { Measurement } from './measurement.ts';

const KB = 1024;

/**
 * What a first visit downloads, gzip-compressed: the JS and CSS Chromium fetches when it
 * opens the page with an empty cache and waits for the network to settle.
 */
export async function firstVisitWeight(baseURL: string, route: string): Promise<Measurement[]> {
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
    return [
      {
        name: `first visit to ${route}: JS (gzip)`,
        value: sizes.script / KB,
        unit: 'KB',
        budget: 130,
      },
      { name: `first visit to ${route}: CSS (gzip)`, value: sizes.stylesheet / KB, unit: 'KB' },
      { name: `first visit to ${route}: JS requests`, value: scripts, unit: '', budget: 10 },
    ];
  } finally {
    await browser.close();
  }
}
