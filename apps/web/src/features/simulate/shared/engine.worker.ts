/**
 * Web Worker running @fm/engine off the main thread, exposed with comlink.
 * Do not import this module directly: create it through `getEngineWorker()` (engine-client.ts), or use
 * `useEnginePreview` (use-engine-preview.ts), which does.
 */
import { expose } from 'comlink';
import { engineApi } from './engine-api.js';

expose(engineApi);
