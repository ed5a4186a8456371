import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'deploy', include: ['tests/**/*.test.ts'], testTimeout: 20_000 },
});
