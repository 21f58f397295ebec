import type { Database } from '@fm/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DataVersion } from './services/data-changes/data-version.js';

/**
 * The dependencies every other one is built from: the settings, the database, its data version and the
 * logger. A service that needs no more takes `Pick<CoreDeps, …>` of them, so it does not depend on the
 * whole of `AppDeps` (which names every service's own type).
 */
export interface CoreDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** The data version this process last saw or wrote; data caches key their entries by it. */
  dataVersion: DataVersion;
}

/** The database and its data version: what a read of cached NFL data (projections, stats, players) takes. */
export type DataDeps = Pick<CoreDeps, 'database' | 'dataVersion'>;
