import { defineConfig } from 'vitest/config';

// The Chromium journeys: `npm run test:e2e`. Not part of `npm test`, which needs no browser.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
