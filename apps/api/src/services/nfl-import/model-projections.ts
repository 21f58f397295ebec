import type { Database } from '@fm/db';
import type { WriteCount } from './upsert-changed.js';

// Placeholder until @fm/projections exports its model.
export async function produceModelProjections(_database: Database, _season: number): Promise<WriteCount> {
  return { created: 0, updated: 0 };
}
