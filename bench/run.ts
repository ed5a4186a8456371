import { startProduct } from '../e2e/support/product.ts';
import { apiThroughputBenchmark } from './api-throughput.ts';
import { firstVisitBenchmark } from './first-visit.ts';
import { lighthouseBenchmark } from './lighthouse.ts';
import { report } from './measurement.ts';
import { supportSearchBenchmark } from './support-search.ts';

// `npm run bench`: builds the web app, starts the product on a fresh database and measures.
const product = await startProduct();
try {
  const measurements = [
    ...(await firstVisitBenchmark(product.url)),
    ...(await lighthouseBenchmark(product.url)),
    ...(await supportSearchBenchmark()),
    ...(await apiThroughputBenchmark()),
  ];
  if (!report(measurements)) process.exitCode = 1;
} finally {
  await product.stop();
}
