import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': API_TARGET, '/trpc': API_TARGET },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // scripts/bench-web.mjs reads the manifest to measure what `/` downloads before it renders.
    manifest: true,
  },
  worker: { format: 'es' },
});
