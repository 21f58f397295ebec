import type { Database } from '@fm/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';

/**
 * The dependencies every other one is built from: the settings, the database and the logger. A service
 * that needs no more takes `Pick<CoreDeps, …>` of them, so it does not depend on the whole of `AppDeps`
 * (which names every service's own type).
 */
export interface CoreDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}
