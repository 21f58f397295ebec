import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['../apps/api/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Each file boots its own built server, databases, fake upstreams and Chromium on ports it probes for, so files
    // are independent. Two at a time: a file waits on its server and browser for much of its time, which left one of
    // the 2 cores idle when they ran one by one.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
