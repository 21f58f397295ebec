import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { players } from '@fm/db';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nflDataDir } from '../../../test/fakes/fixtures.js';
import { IN_SEASON_LEAGUE_ID } from '../../../test/fakes/sleeper-server.js';
import { type LeagueTestEnv, startLeagueTestEnv } from '../../../test/leagues.js';
import { toSearchName } from '../../integrations/sleeper/player-matching.js';
import { readSyncState } from './player-directory.js';
import { importNflData } from '../nfl-import/import-nfl-data.js';

/** The recorded in-season league plays week 1 of 2025: import just that week of NFL.com data. */
function linkWeekOne(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fm-nfl-2025-1-'));
  mkdirSync(path.join(root, '2025'));
  symlinkSync(path.join(nflDataDir, '2025', '1'), path.join(root, '2025', '1'));
  return root;
}

describe('linking NFL.com players to Sleeper ids, on real data', () => {
  let env: LeagueTestEnv;
  let dataDir: string;
  beforeAll(async () => {
    env = await startLeagueTestEnv('pglite');
    dataDir = linkWeekOne();
    await importNflData(env.server.deps, dataDir);
    // the linker's run after an import (at start, or its next look): league pages only read the links
    await env.server.deps.sleeperIds.link();
  });
  afterAll(async () => {
    await env?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives every rostered player who is in the week’s NFL.com files a projection on the league page', async () => {
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const details = (await client.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`)).body;

    const { db } = env.server.deps.database;
    const nflCom = await db.select().from(players).where(isNotNull(players.nflId));
    const inNflCom = new Set(nflCom.map((row) => `${row.searchName}|${row.position}`));
    const rostered = details.rosters.flatMap(
      (roster: { players: { starters: unknown[]; bench: unknown[] } }) => [
        ...roster.players.starters,
        ...roster.players.bench,
      ],
    ) as { player_id: string; name: string; position: string }[];
    const inWeekFiles = rostered.filter((p) => inNflCom.has(`${toSearchName(p.name)}|${p.position}`));
    const projected = inWeekFiles.filter((p) => details.projections[p.player_id]);
    const missing = inWeekFiles.filter((p) => !details.app_player_ids[p.player_id]).map((p) => p.name);

    const state = await readSyncState(env.server.deps);
    // eslint-disable-next-line no-console -- the match rate is a figure the team reports
    console.log(
      `[match rate] NFL.com 2025 week 1 players linked to the recorded Sleeper directory: ` +
        `${state!.coverage.linked}/${state!.coverage.total}; rostered players in the week's files ` +
        `linked: ${inWeekFiles.length - missing.length}/${inWeekFiles.length}, with a projection: ` +
        `${projected.length}/${inWeekFiles.length}`,
    );
    expect(inWeekFiles.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
    expect(projected.length).toBe(inWeekFiles.length);
    const defenses = rostered.filter((p) => p.position === 'DEF');
    expect(defenses.every((p) => details.app_player_ids[p.player_id] !== undefined)).toBe(true);
  });
});
