import { SCORING_PRESETS } from '@fm/projections';
import { describe, expect, it } from 'vitest';
import { readSyncRecord, writeSyncRecord } from '../services/sync-record/sync-record.js';
import { GAME_DAY_WEEK } from '../../test/game-day-replay.js';
import { replayGameDayForMember } from '../../test/game-day-member.js';
import { readFixture } from '../../test/fakes/fixtures.js';
import { IN_SEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { signedInAccount } from '../../test/admin-accounts.js';
import { waitFor } from '../../test/wait-for.js';

type Json = Record<string, any>;
const DETAILS = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details?week=${GAME_DAY_WEEK}`;

/** Sleeper's recorded 2024 week-1 stat lines, each with Sleeper's own points (pts_ppr) under its standard rules. */
const SLEEPER_LINES = readFixture<Record<string, Json>>('sleeper/stats_nfl_regular_2024_week1.json');

/** What the platform's matchups show: its points at halftime (half of each line's), or its final ones. */
let platformPoints: 'halftime' | 'final' = 'halftime';
/** Whether the platform has closed the week (its league says complete): its numbers are final then. */
let isWeekClosed = false;

const pointsOf = (recorded: Record<string, number>) =>
  Object.fromEntries(
    Object.keys(recorded).flatMap((id) => {
      const sleepers = SLEEPER_LINES[id]?.pts_ppr as number | undefined;
      if (sleepers === undefined) return [];
      return [[id, platformPoints === 'final' ? sleepers : Math.round(sleepers * 50) / 100]];
    }),
  );

describe('the points reconciliation: a background job that compares with the platform’s final numbers', () => {
  const day = replayGameDayForMember('postgres', {
    leagueAsOf: (league) => ({
      ...league,
      scoring_settings: SCORING_PRESETS.ppr,
      ...(isWeekClosed ? { status: 'complete' } : {}),
    }),
    statsAt: (phase) => (phase === 'kickoff' ? {} : SLEEPER_LINES),
    matchupsAt: (recorded) =>
      recorded.map((matchup) => ({ ...matchup, players_points: pointsOf(matchup.players_points) })),
  });
  const admin = () => signedInAccount(day.replay.env.server, 'admin');
  const health = async (client: Awaited<ReturnType<typeof admin>>['client']) =>
    (await client.get('/api/admin/system/health')).body.data.components as Json;

  it('says "nothing compared" with no league opened, then runs again by itself once a league is opened, reading the platform afresh', async () => {
    const { replay, client } = day;
    const { server } = replay.env;
    replay.advance('halftime');
    await replay.tick();
    replay.advance('final');
    await replay.tick();
    const { client: adminClient } = await admin();
    // at the final whistle nobody had opened a league: nothing to compare, and nothing left unread
    const first = await health(adminClient);
    expect(first.scoringReconciliation).toMatchObject({
      season: 2025,
      week: GAME_DAY_WEEK,
      leagues: 0,
      players_compared: 0,
      skipped: [],
    });
    expect(first.scoringReconciliationRun).toMatchObject({ state: 'done', trigger: 'automatic' });

    // the member opens the league after the final whistle, while the platform still shows its halftime points:
    // the server now holds that answer in its cache
    const page = (await client.get(DETAILS)).body;
    expect(page.is_week_complete).toBe(false);
    await server.deps.afterAnswer.settled();

    // the platform publishes its final numbers and closes the week; the data sync sees its week move on
    platformPoints = 'final';
    isWeekClosed = true;
    const record = await readSyncRecord(server.deps.database);
    record.nflWeek = { season: 2025, week: GAME_DAY_WEEK + 1, seasonType: 'regular' };
    await writeSyncRecord(server.deps.database, record);
    expect(await replay.liveSync.tick(replay.now())).toEqual({ kind: 'idle' });

    const second = (await health(adminClient)).scoringReconciliation;
    expect(Date.parse(second.checked_at)).toBeGreaterThan(Date.parse(first.scoringReconciliation.checked_at));
    expect(second.leagues).toBe(1);
    expect(second.players_compared).toBeGreaterThanOrEqual(10);
    // compared with the final numbers read now, not the halftime ones the pages' cache held
    expect(second.within_hundredth).toBe(second.players_compared);
    expect(second.worst).toEqual([]);
    expect(second.skipped).toEqual([]);

    // every league opened that week is compared: later ticks ask the platform nothing more
    const matchupReads = () =>
      replay.env.sleeper.requests.filter((request) => request.url.includes(`/matchups/${GAME_DAY_WEEK}`))
        .length;
    const reads = matchupReads();
    await replay.liveSync.tick(replay.now());
    expect(matchupReads()).toBe(reads);
    expect((await health(adminClient)).scoringReconciliation).toEqual(second);
  }, 90_000);

  it('runs for an admin in the background: the request answers at once, progress shows on System Health, one run at a time', async () => {
    const { replay } = day;
    const { client: adminClient } = await admin();
    // the platform takes 4 s over the week's matchups (longer than a page would wait)
    replay.env.sleeper.failNext({ kind: 'delay', ms: 4_000 }, 1, `/matchups/${GAME_DAY_WEEK}`);
    const started = await adminClient.post('/api/admin/scoring-reconciliation', {
      season: 2025,
      week: GAME_DAY_WEEK,
    });
    expect(started.status).toBe(200);
    expect(started.body.data).toEqual({
      isStarted: true,
      message: `Checking 2025 week ${GAME_DAY_WEEK}; its progress is on System Health.`,
    });
    const during = (await health(adminClient)).scoringReconciliationRun;
    expect(during).toMatchObject({
      state: 'running',
      trigger: 'admin',
      season: 2025,
      week: GAME_DAY_WEEK,
      leagues_total: 1,
      leagues_read: 0,
      finished_at: null,
    });
    const again = await adminClient.post('/api/admin/scoring-reconciliation', {
      season: 2025,
      week: GAME_DAY_WEEK,
    });
    expect(again.body.data.isStarted).toBe(false);
    expect(again.body.data.message).toMatch(/already running/);

    const done = await waitFor(async () => {
      const run = (await health(adminClient)).scoringReconciliationRun;
      return run.state === 'running' ? undefined : run;
    }, 30_000);
    expect(done).toMatchObject({ state: 'done', leagues_total: 1, leagues_read: 1, error: null });
    const outcome = (await health(adminClient)).scoringReconciliation;
    expect(outcome.players_compared).toBeGreaterThanOrEqual(10);
    expect(outcome.within_hundredth).toBe(outcome.players_compared);
  }, 60_000);

  it('names each league it could not read and why, and each league whose week the platform has not closed', async () => {
    const { replay } = day;
    const { server } = replay.env;
    const { client: adminClient } = await admin();
    const runAndWait = async () => {
      const before = (await health(adminClient)).scoringReconciliation.checked_at;
      expect(
        (await adminClient.post('/api/admin/scoring-reconciliation', { season: 2025, week: GAME_DAY_WEEK }))
          .body.data.isStarted,
      ).toBe(true);
      await server.deps.scoringChecks.settled();
      const outcome = (await health(adminClient)).scoringReconciliation;
      expect(outcome.checked_at).not.toBe(before);
      return outcome;
    };
    // Sleeper down for the league's rosters (every retry)
    replay.env.sleeper.failNext(503, 10, `/league/${IN_SEASON_LEAGUE_ID}/rosters`);
    const down = await runAndWait();
    replay.env.sleeper.reset();
    expect(down.players_compared).toBe(0);
    expect(down.skipped).toEqual([
      { platform: 'sleeper', league_id: IN_SEASON_LEAGUE_ID, reason: expect.stringMatching(/^Sleeper /) },
    ]);
    expect(down.skipped[0].reason).not.toMatch(/http|127\.0\.0\.1/);

    // the platform reopened the week (a stat correction): its numbers are not final, so nothing is compared
    isWeekClosed = false;
    const open = await runAndWait();
    isWeekClosed = true;
    expect(open.players_compared).toBe(0);
    expect(open.skipped).toEqual([
      {
        platform: 'sleeper',
        league_id: IN_SEASON_LEAGUE_ID,
        reason: `Sleeper has not closed week ${GAME_DAY_WEEK} yet: its points are not final.`,
      },
    ]);
  }, 60_000);
});
