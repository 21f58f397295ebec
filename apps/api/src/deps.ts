import type { Database } from '@fm/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';

/** Long-lived dependencies, created once at start-up and handed to every service. */
export interface AppDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}
