export * from './schema.js';
export { openDatabase, type Database, type DatabaseOptions, type Db, type Schema } from './client.js';
export { runMigrations, resolveMigrationsFolder } from './migrate.js';
export { createTestDatabase, type TestDatabase } from './test-database.js';
export { executeRows } from './rows.js';
export * from './event-store/index.js';
