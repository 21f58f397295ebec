import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:3000';
const API_APP_DIR = path.resolve(import.meta.dirname, '../api') + path.sep;

/**
 * The browser bundle holds no server module and none of the API's test helpers (`@fm/api/testing`):
 * type imports of @fm/api are erased before bundling, so any module of apps/api that the build loads
 * came in by a value import, and fails the build.
 */
function serverCodeStaysOut(): Plugin {
  return {
    name: 'server-code-stays-out',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (path.resolve(id.split('?')[0]!).startsWith(API_APP_DIR))
        this.error(
          `${path.relative(process.cwd(), id)} is server code; the web app imports only types from @fm/api`,
        );
      return null;
    },
  };
}

export default defineConfig({
  plugins: [serverCodeStaysOut(), react()],
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
