import { startCluster } from './cluster.ts';

/**
 * `npm run scale-out`: the two-instance setup the scale-out tests use, left running to try by
 * hand (open the balancer's address in a browser); Ctrl-C stops everything.
 */
const cluster = await startCluster();
process.stdout.write(
  [
    `Sesxi behind HAProxy: ${cluster.url}`,
    ...cluster.instances.map((each) => `  instance ${each.name}: ${each.url}`),
    `  PostgreSQL: ${cluster.postgres.url}`,
    'Ctrl-C stops them all.',
    '',
  ].join('\n'),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cluster.stop().then(() => process.exit(0)));
}
