import { prepareTestDatabaseTemplates } from '@fm/db';

/** One migrated database template per test run (PGlite, and PostgreSQL with DATABASE_URL), copied per test server. */
export default async function setup(): Promise<() => Promise<void>> {
  return prepareTestDatabaseTemplates(process.env.DATABASE_URL || undefined);
}
