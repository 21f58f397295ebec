import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/global-setup.ts'],
    // A worker keeps the modules it has loaded from one test file to the next: loading the server's modules
    // (Fastify, tRPC, Drizzle, PGlite's WebAssembly) again for every file was ~45% of a server test file's CPU.
    // Files stay independent: each starts its own servers, databases and fakes, and no test mocks a module.
    isolate: false,
  },
});
