import { gzipSync } from 'node:zlib';
import { georgianPhone, launchChromium } from '../e2e/support/chromium.ts';
import type { Measurement } from './measurement.ts';
import { referencePages, startReferencePage } from './reference-page.ts';

const KB = 1024;

/** The most a first visit may download: JS in KB (gzip), and how many scripts. */
interface FirstVisitBudget {
  scriptKB: number;
  scripts: number;
}

/**
 * Decision 019: a first visit's JS may weigh the web stack's floor (measured in the same run)
 * plus 60 KB, in at most 8 scripts.
 */
function firstVisitBudget(floorScriptKB: number): FirstVisitBudget {
  return { scriptKB: Math.round((floorScriptKB + 60) * 10) / 10, scripts: 8 };
}

/** The JS a first visit's measurements say it downloaded, KB (gzip). */
function scriptKBOf(measurements: readonly Measurement[]): number {
  const script = measurements.find((measurement) => measurement.name.endsWith('JS (gzip)'));
  if (!script) throw new Error('no JS measured');
  return script.value;
}

/**
 * What a first visit downloads, gzip-compressed: the JS and CSS Chromium fetches when it
 * opens the page with an empty cache and waits for the network to settle. A reference page
 * (`name` its name) is measured the same way, without a budget.
 */
export async function firstVisitWeight(
  baseURL: string,
  route: string,
  { name: reference, budget }: { name?: string; budget?: FirstVisitBudget } = {},
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
        ...(budget && { budget: budget.scriptKB }),
      },
      { name: name('CSS (gzip)'), value: sizes.stylesheet / KB, unit: 'KB' },
      {
        name: name('JS requests'),
        value: scripts,
        unit: '',
        ...(budget && { budget: budget.scripts }),
      },
    ];
  } finally {
    await browser.close();
  }
}

/**
 * The first visits of the public pages, each held to the stack's floor plus 60 KB in at most 8
 * scripts, beside the reference pages' first visits measured in the same run (decision 019).
 */
export async function firstVisitBenchmark(baseURL: string): Promise<Measurement[]> {
  const references: Measurement[] = [];
  for (const { folder, name } of referencePages) {
    const reference = await startReferencePage(folder);
    try {
      references.push(...(await firstVisitWeight(reference.url, '/', { name })));
    } finally {
      await reference.stop();
    }
  }
  const floor = references.filter((measurement) => measurement.name.includes("stack's floor"));
  const budget = firstVisitBudget(scriptKBOf(floor));
  const measurements = [...references];
  for (const route of ['/', '/login', '/register']) {
    measurements.push(...(await firstVisitWeight(baseURL, route, { budget })));
  }
  return measurements;
}
