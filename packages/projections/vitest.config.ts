import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'projections', testTimeout: 60_000 } });
