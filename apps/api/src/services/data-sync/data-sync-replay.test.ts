import { PPR, scoreStatLine } from '@fm/projections';
import { readNflDataDir } from '@fm/projections/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nflDataDir } from '../../../test/fakes/fixtures.js';
import {
  replaySeasonData,
  startFakeSleeperSeason,
  type FakeSleeperSeason,
} from '../../../test/fakes/sleeper-season-server.js';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import { SleeperSeasonFeed } from '../../integrations/sleeper/season-feed.js';
import { runSleeperSync } from './run-sleeper-sync.js';
import { readSyncRecord } from '../sync-record/sync-record.js';

const SEASON = 2024;
const WEEK = 9;
const POSITIONS = ['DEF', 'K', 'QB', 'RB', 'TE', 'WR'];

interface Row {
  player_name: string;
  position: string;
  team: string;
  opponent: string | null;
  pred_mean: number;
  source: string;
}

/** What the players of `week` actually scored (PPR), by name + team: the results the service has not published yet. */
function actualPoints(week: number): Map<string, number> {
  const { weeks } = readNflDataDir(nflDataDir, { seasons: [SEASON] });
  const lines = weeks.find((entry) => entry.week === week)?.actual ?? [];
  return new Map(lines.map((line) => [`${line.name}|${line.team}`, scoreStatLine(line, PPR, line.position)]));
}

function meanAbsoluteError(pairs: readonly [number, number][]): number {
  return pairs.reduce((sum, [a, b]) => sum + Math.abs(a - b), 0) / pairs.length;
}

describe.each(EMBEDDED_DATABASE)('a season replayed through the live-data sync (%s)', (kind) => {
  let upstream: FakeSleeperSeason;
  let server: TestServer;

  beforeAll(async () => {
    upstream = await startFakeSleeperSeason(
      replaySeasonData({ season: SEASON, week: WEEK, withSchedule: true }),
    );
    server = await startTestServer(kind, { SLEEPER_API_URL: upstream.url, DATA_SYNC_MINUTES: '60' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
  });

  const allRows = async (query: string): Promise<{ body: { data: Row[]; week: number; season: number } }> =>
    server.client().get(`/api/projections/public/all?limit=500&${query}`);

  it('serves the current week by default, every position projected by our model with opponents', async () => {
    await waitFor(async () => {
      const record = await readSyncRecord(server.deps.database);
      return record.lastSuccessAt && !record.running ? record : undefined;
    }, 240_000);
    const page = await allRows('');
    expect({ season: page.body.season, week: page.body.week }).toEqual({ season: SEASON, week: WEEK });
    const shown = (await allRows(`season=${SEASON}&week=${WEEK}`)).body.data;
    expect([...new Set(shown.map((row) => row.position))].sort()).toEqual(POSITIONS);
    expect(shown.every((row) => row.source === 'model')).toBe(true);
    expect(shown.filter((row) => row.opponent).length / shown.length).toBeGreaterThan(0.95);
  }, 300_000);

  it('projects the week no worse than the expert projections it was fed', async () => {
    const actual = actualPoints(WEEK);
    const expert = new Map(
      Object.entries(upstream.data.weeks.get(`${SEASON}:${WEEK}`)!.projections!).map(([id, stats]) => [
        id,
        stats.pts_ppr as number,
      ]),
    );
    const directory = upstream.data.players as Record<string, { full_name?: string; team: string }>;
    const expertByName = new Map(
      [...expert].map(([id, points]) => [`${directory[id]?.full_name}|${directory[id]?.team}`, points]),
    );
    const pairs = (await allRows(`season=${SEASON}&week=${WEEK}&scope=all`)).body.data.flatMap((row) => {
      const key = `${row.player_name}|${row.team}`;
      const scored = actual.get(key);
      const fed = expertByName.get(key);
      return scored !== undefined && scored > 0 && fed !== undefined && fed >= 5
        ? [{ row, scored, fed }]
        : [];
    });
    expect(pairs.length).toBeGreaterThan(150);
    const ours = meanAbsoluteError(pairs.map(({ row, scored }) => [row.pred_mean, scored]));
    const theirs = meanAbsoluteError(pairs.map(({ fed, scored }) => [fed, scored]));
    console.warn(
      `[live data] week ${WEEK}: MAE ours ${ours.toFixed(3)} vs expert ${theirs.toFixed(3)} over ${pairs.length} players`,
    );
    expect(ours).toBeLessThanOrEqual(theirs + 0.05);
  });

  it('follows the calendar: the next week becomes current once the state moves on, and nothing new changes nothing', async () => {
    const next = replaySeasonData({ season: SEASON, week: WEEK + 1, withSchedule: true });
    upstream.data.weeks = next.weeks;
    upstream.setState(next.state);
    const feed = new SleeperSeasonFeed({ baseUrl: upstream.url });
    const moved = await runSleeperSync(server.deps, feed);
    expect(moved.isSuccess).toBe(true);
    expect(moved.changed.stats.created).toBeGreaterThan(100);
    const record = await readSyncRecord(server.deps.database);
    expect(record.finalStatWeeks).toContain(`${SEASON}:${WEEK}`);
    const page = await allRows('');
    expect({ season: page.body.season, week: page.body.week }).toEqual({ season: SEASON, week: WEEK + 1 });

    const again = await runSleeperSync(server.deps, feed);
    expect(again.rowsChanged).toBe(0);
  }, 300_000);
});
