/**
 * Browser entry of the engine-worker page: the web app's own engine client, on `window`.
 * engine-client.ts creates its worker from `new URL('./engine.worker.ts', import.meta.url)`,
 * which the page server answers with the bundled worker.
 */
import type { EngineClient } from '../../apps/web/src/features/simulate/engine-api.js';
import { getEngineWorker } from '../../apps/web/src/features/simulate/engine-client.js';

declare global {
  interface Window {
    engine: EngineClient;
  }
}

window.engine = getEngineWorker();
