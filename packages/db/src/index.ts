export * from './schema.js';
export {
  openDatabase,
  type Database,
  type DatabaseDriver,
  type DatabaseOptions,
  type Db,
  type Schema,
} from './client.js';
export {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  type DatabaseAvailability,
} from './availability.js';
export {
  withAdvisoryLock,
  advisoryLockKey,
  type AdvisoryLockOptions,
  type LockOutcome,
} from './advisory-lock.js';
export {
  listenToChannel,
  notifyChannel,
  type ChannelListener,
  type ListenHandlers,
} from './notifications.js';
export { runMigrations, resolveMigrationsFolder } from './migrate.js';
export {
  copyPgliteTemplate,
  createTestDatabase,
  prepareTestDatabaseTemplates,
  type TestDatabase,
} from './test-database.js';
export { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
export { executeRows } from './rows.js';
export * from './event-store/index.js';
