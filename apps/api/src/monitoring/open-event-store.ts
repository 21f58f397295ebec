import { createPostgresEventStore, openMongoEventStore, type Database, type EventStore } from '@fm/db';
import { ConfigError, type Config } from '../config.js';

/** MongoDB when MONGODB_URL is set (failing start-up with one line naming it), else the app's PostgreSQL. */
export async function openEventStore(
  config: Pick<Config, 'mongodbUrl'>,
  database: Database,
): Promise<EventStore> {
  if (!config.mongodbUrl) return createPostgresEventStore(database.db);
  try {
    return await openMongoEventStore(config.mongodbUrl);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`MONGODB_URL: cannot connect to MongoDB (${reason.split('\n', 1)[0]})`);
  }
}
