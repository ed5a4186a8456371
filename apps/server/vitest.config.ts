import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each test file opens its own PGlite (300–400 MB, CPU-heavy to start): two at a time
    // matches the two cores of the machines this runs on. Files share their worker's module
    // cache (tests keep no module state), so PGlite's WebAssembly is compiled once per worker,
    // not once per file (measured: 34 s against 46 s).
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
