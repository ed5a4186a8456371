import { parseArgs } from 'node:util';
import { startProduct } from '../e2e/support/product.ts';
import { apiThroughputBenchmark } from './api-throughput.ts';
import { closeOfDayBenchmark } from './close-of-day.ts';
import { firstVisitBenchmark } from './first-visit.ts';
import { lighthouseBenchmark } from './lighthouse.ts';
import { report, type Measurement } from './measurement.ts';
import { supportSearchBenchmark } from './support-search.ts';

interface Options {
  page: string[];
  reports?: string;
}

/** The benchmark's parts, in the order a whole run measures them. */
const parts = {
  'first-visit': (url: string) => firstVisitBenchmark(url),
  lighthouse: (url: string, { page, reports }: Options) =>
    lighthouseBenchmark(url, { pages: page, reportsDir: reports }),
  'support-search': () => supportSearchBenchmark(),
  'close-of-day': () => closeOfDayBenchmark(),
  'api-throughput': () => apiThroughputBenchmark(),
} satisfies Record<string, (url: string, options: Options) => Promise<Measurement[]>>;

type Part = keyof typeof parts;

// `npm run bench`: builds the web app, starts the product on a fresh database and measures.
// `node bench/run.ts lighthouse --page /main --page /loan` measures only those parts (and
// those pages, beside the reference pages of the same run), without building again;
// `--reports DIR` keeps each page's Lighthouse report there.
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    page: { type: 'string', multiple: true, default: [] },
    reports: { type: 'string' },
  },
});
const unknown = positionals.filter((part) => !(part in parts));
if (unknown.length > 0) {
  throw new Error(`No such part: ${unknown.join(', ')}; parts: ${Object.keys(parts).join(', ')}`);
}
const chosen = (positionals.length > 0 ? positionals : Object.keys(parts)) as Part[];

const product = await startProduct();
try {
  const measurements: Measurement[] = [];
  for (const part of chosen) measurements.push(...(await parts[part](product.url, values)));
  if (!report(measurements)) process.exitCode = 1;
} finally {
  await product.stop();
}
