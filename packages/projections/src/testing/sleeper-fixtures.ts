import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../files/default-data-dir.js';
import type { SleeperStats } from '../sleeper/sleeper-stats.js';

/** The recorded Sleeper answers sit next to the repository, never inside it. */
export const SLEEPER_FIXTURES_DIR = path.resolve(REPO_ROOT, '../shared/fixtures/sleeper');

export function readSleeperFixture<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(SLEEPER_FIXTURES_DIR, file), 'utf8')) as T;
}

/** `GET /v1/stats/…` and `/v1/projections/…`: one stat map per player id or team code. */
export type SleeperWeekAnswer = Record<string, SleeperStats>;

/** The player directory's fields these tests read. */
export type SleeperDirectory = Record<string, { position: string | null; full_name?: string }>;
