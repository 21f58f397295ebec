import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    css: false,
    // A page test renders in jsdom and waits for its fake server's answers: on 2 cores shared with the API's files
    // one took 5.4 s (vitest's default limit is 5 s) at a load of 15.
    testTimeout: 20_000,
  },
});
