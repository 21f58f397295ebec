import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { E2eApp } from './harness.js';
import { SHARED_DIR } from './harness.js';

/**
 * A folder in the nfl-data layout holding only the given weeks of one season, as links to the
 * shared data (never copies), so a first-start import stays quick.
 */
export function linkNflWeeks(season: string, weeks: readonly (string | number)[]): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fm-nfl-weeks-'));
  mkdirSync(path.join(root, season));
  for (const week of weeks) {
    symlinkSync(
      path.join(SHARED_DIR, 'nfl-data', season, String(week)),
      path.join(root, season, String(week)),
    );
  }
  return root;
}

/** Resolves once the app serves projections for the week (the background import has reached it). */
export async function waitForProjectedWeek(
  app: E2eApp,
  week: string | number,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${app.baseUrl}/api/projections/public/all?week=${week}&limit=1`);
    const body = (await response.json().catch(() => null)) as { data?: unknown[] } | null;
    if (response.ok && body?.data && body.data.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the NFL data import did not reach week ${week} in time`);
}

/**
 * A folder in the nfl-data layout for a game day at `liveWeek`: the weeks before it complete (links to the shared
 * data), and of the live week only its projections (its games not played yet).
 */
export function linkWeekBeforeKickoff(season: number, liveWeek: number): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fm-before-kickoff-'));
  const from = path.join(SHARED_DIR, 'nfl-data', String(season));
  mkdirSync(path.join(root, String(season), String(liveWeek)), { recursive: true });
  for (let week = 1; week < liveWeek; week++) {
    symlinkSync(path.join(from, String(week)), path.join(root, String(season), String(week)));
  }
  symlinkSync(
    path.join(from, String(liveWeek), 'projected'),
    path.join(root, String(season), String(liveWeek), 'projected'),
  );
  return root;
}
