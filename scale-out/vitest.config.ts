import { defineConfig } from 'vitest/config';

// Several instances behind HAProxy: `npm run test:scale-out`. Needs Debian's haproxy and
// postgresql (initdb, pg_ctl) and redis-server, so it is not part of `npm test`.
export default defineConfig({
  test: {
    name: 'scale-out',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
