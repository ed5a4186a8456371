import { defineConfig } from 'vitest/config';

// The Chromium journeys: `npm run test:e2e`. Not part of `npm test`, which needs no browser.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    // A journey of several screens and two browsers takes minutes on a busy 2-core machine.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default: too soon for a page that loads its data
    // on a machine running the product and Chromium on two cores.
    expect: { poll: { timeout: 15_000 } },
  },
});
