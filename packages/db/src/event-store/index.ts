export * from './types.js';
export { createPostgresEventStore } from './postgres-event-store.js';
export {
  databaseNameFromUrl,
  openMongoEventStore,
  type MongoEventStore,
  type MongoEventStoreOptions,
} from './mongo-event-store.js';
