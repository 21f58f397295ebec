/**
 * Browser entry of the engine-worker page: the web app's own engine client, on `window`.
 * engine-client.ts creates its worker from `new URL('./engine.worker.ts', import.meta.url)`,
 * which the page server answers with the bundled worker.
 */
import { getEngineWorker } from '@fm/web/engine-client';

declare global {
  interface Window {
    engine: ReturnType<typeof getEngineWorker>;
  }
}

window.engine = getEngineWorker();
