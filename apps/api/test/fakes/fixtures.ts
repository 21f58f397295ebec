import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (this file lives in apps/api/test/fakes). */
export const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
/** Recorded Sleeper and Yahoo answers, shared with the team and never copied into the repo. */
export const fixturesDir = path.resolve(repoRoot, '../shared/fixtures');
export const nflDataDir = path.resolve(repoRoot, '../shared/nfl-data');

const cache = new Map<string, unknown>();

/** Parsed fixture, e.g. `readFixture('sleeper/user.json')`. Callers get a fresh deep copy. */
export function readFixture(relativePath: string): any;
export function readFixture<T>(relativePath: string): T;
export function readFixture(relativePath: string): unknown {
  let parsed = cache.get(relativePath);
  if (parsed === undefined) {
    parsed = JSON.parse(readFileSync(path.join(fixturesDir, relativePath), 'utf8'));
    cache.set(relativePath, parsed);
  }
  return structuredClone(parsed);
}
