import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/web'],
    // Vitest's default is cores − 1, one file at a time on a 2-core machine. Most integration files spend their time
    // waiting (on a server, a fake upstream, a retry's back-off): three at once keep both cores busy. Every file
    // owns its ports, databases and temp folders, so files are independent.
    maxWorkers: 3,
    minWorkers: 1,
  },
});
