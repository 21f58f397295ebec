import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['../apps/api/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Each file boots the built server and a Chromium: one at a time on a 2-core machine.
    fileParallelism: false,
  },
});
