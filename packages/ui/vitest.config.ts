import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'ui', environment: 'jsdom', setupFiles: ['./src/testing/setup.ts'] },
  esbuild: { jsx: 'automatic' },
});
