import { SCORING_PRESETS } from '@fm/projections';
import { describe, expect, it } from 'vitest';
import { SleeperSeasonFeed } from '../integrations/sleeper/season-feed.js';
import { createLiveSync } from '../services/data-sync/live-sync.js';
import { readSyncRecord, writeSyncRecord } from '../services/sync-record/sync-record.js';
import { GAME_DAY_MATCHUP_ID, GAME_DAY_WEEK } from '../../test/game-day-replay.js';
import { replayGameDayForMember } from '../../test/game-day-member.js';
import { readFixture } from '../../test/fakes/fixtures.js';
import { IN_SEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { seedPlayer } from '../../test/leagues.js';
import { signedInAccount } from '../../test/admin-accounts.js';
import { TEST_POSTGRES_URL } from '../../test/harness.js';

type Json = Record<string, any>;
const DETAILS = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details?week=${GAME_DAY_WEEK}`;

/** Sleeper's recorded 2024 week-1 stat lines, each with Sleeper's own points (pts_ppr) under its standard rules. */
const SLEEPER_LINES = readFixture<Record<string, Json>>('sleeper/stats_nfl_regular_2024_week1.json');

/** Whether the platform has its own per-player points yet (it lags our live stats on a Sunday). */
let isPlatformScoring = false;
/** The platform's own per-player points once it has them (default: the recorded matchup's). */
let platformPointsOf: ((recorded: Record<string, number>) => Record<string, number>) | null = null;
/** Whether the platform has closed the league's week (its league answer says complete). */
let isWeekClosed = false;

describe('points so far in a Sleeper league under Sleeper’s standard rules, live stats served as the week', () => {
  // once across processes is a database lock's doing: PostgreSQL when the run has one
  const day = replayGameDayForMember(TEST_POSTGRES_URL ? 'postgres' : 'pglite', {
    leagueAsOf: (league) => ({
      ...league,
      scoring_settings: SCORING_PRESETS.ppr,
      ...(isWeekClosed ? { status: 'complete' } : {}),
    }),
    // Sleeper's lines, published from halftime on (the same lines at the half and at the final whistle)
    statsAt: (phase) => (phase === 'kickoff' ? {} : SLEEPER_LINES),
    matchupsAt: (recorded) =>
      recorded.map((matchup) => {
        if (!isPlatformScoring) return { ...matchup, players_points: {}, points: 0 };
        return platformPointsOf
          ? { ...matchup, players_points: platformPointsOf(matchup.players_points) }
          : matchup;
      }),
  });

  it('shows every starter with a stat line, team defenses included, at Sleeper’s own points', async () => {
    const { replay, client } = day;
    const before = (await client.get(DETAILS)).body;
    const matchup = before.matchups.filter((m: Json) => m.matchup_id === GAME_DAY_MATCHUP_ID);
    // the starters the replay did not seed (kickers, team defenses, players outside its sample) join our directory
    for (const roster of before.rosters as Json[]) {
      if (!matchup.some((m: Json) => m.roster_id === roster.roster_id)) continue;
      for (const player of roster.players.starters as Json[]) {
        if (replay.appIds.has(player.player_id) || before.app_player_ids[player.player_id] !== undefined)
          continue;
        const seeded = await seedPlayer(replay.env.server, {
          fullName: player.name ?? player.full_name ?? player.player_id,
          position: player.position,
          team: player.team,
          sleeperId: player.player_id,
        });
        replay.appIds.set(player.player_id, seeded);
      }
    }
    const startersAt = async (phase: 'halftime' | 'final') => {
      replay.advance(phase);
      expect(await replay.tick()).toMatchObject({ kind: 'refreshed' });
      const details = (await client.get(DETAILS)).body;
      expect(details.scoring_unsupported).toEqual([]);
      return (
        (details.rosters as Json[])
          .filter((roster) => matchup.some((m: Json) => m.roster_id === roster.roster_id))
          .flatMap((roster) => roster.players.starters as Json[])
          .filter((player) => SLEEPER_LINES[player.player_id]?.pts_ppr !== undefined)
          // the replay plays the recorded week's games only: a starter whose team is not in one is on a bye
          .filter((player) =>
            (details.games as Json[]).some((g) => g.home_team === player.team || g.away_team === player.team),
          )
      );
    };
    for (const [phase, state] of [
      ['halftime', 'in'],
      ['final', 'final'],
    ] as const) {
      const scored = await startersAt(phase);
      expect(scored.filter((player) => player.position === 'DEF')).toHaveLength(2);
      expect(scored.length).toBeGreaterThanOrEqual(10);
      for (const player of scored) {
        expect(player.game_state, player.player_id).toBe(state);
        const sleepers = SLEEPER_LINES[player.player_id]!.pts_ppr as number;
        expect(player.points, `${phase} ${player.player_id} ${player.position}`).toBeCloseTo(sleepers, 2);
      }
    }

    // the platform's own per-player points while the week is open: our live stats still come first (fresher)
    isPlatformScoring = true;
    replay.env.server.deps.leagues.sleeperCache.clear();
    const open = (await client.get(DETAILS)).body;
    const openStarters = (open.rosters as Json[]).flatMap((roster) => roster.players.starters as Json[]);
    for (const player of openStarters.filter((p) => p.position === 'DEF' && p.game_state === 'final')) {
      expect(player.points, player.player_id).toBeCloseTo(
        SLEEPER_LINES[player.player_id]!.pts_ppr as number,
        2,
      );
    }

    // once the platform closes the week, its own per-player numbers are the official ones shown
    isWeekClosed = true;
    replay.env.server.deps.leagues.sleeperCache.clear();
    const official = (await client.get(DETAILS)).body;
    isWeekClosed = false;
    replay.env.server.deps.leagues.sleeperCache.clear();
    expect(official.is_week_complete).toBe(true);
    let compared = 0;
    for (const m of official.matchups.filter((x: Json) => x.matchup_id === GAME_DAY_MATCHUP_ID)) {
      const roster = official.rosters.find((r: Json) => r.roster_id === m.roster_id);
      for (const player of roster.players.starters as Json[]) {
        const platform = m.players_points[player.player_id];
        // (a starter whose team plays no replayed game is on a bye: 0 whatever is recorded)
        if (platform !== undefined && player.game_state === 'final') {
          expect(player.points, player.player_id).toBe(platform);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it('after the finished week, the reconciliation compares our points with the platform’s and shows the worst', async () => {
    const { replay, client } = day;
    // the platform's numbers for the week: Sleeper's own on each line, but one team defense off by 1.5
    const details = (await client.get(DETAILS)).body;
    const defense = (details.rosters as Json[])
      .flatMap((roster) => roster.players.starters as Json[])
      .find((player) => player.position === 'DEF' && SLEEPER_LINES[player.player_id])!;
    platformPointsOf = (recorded) => {
      const points: Record<string, number> = {};
      for (const id of Object.keys(recorded)) {
        const sleepers = SLEEPER_LINES[id]?.pts_ppr;
        if (sleepers !== undefined) points[id] = id === defense.player_id ? sleepers + 1.5 : sleepers;
      }
      return points;
    };
    replay.env.server.deps.leagues.sleeperCache.clear();
    const admin = await signedInAccount(replay.env.server, 'admin');
    // checked by itself at the final whistle, when the platform had not closed the week: nothing compared, and why
    const before = await admin.client.get('/api/admin/system/health');
    expect(before.body.data.components.scoringReconciliation).toMatchObject({
      season: 2025,
      week: GAME_DAY_WEEK,
      leagues: 0,
      players_compared: 0,
      worst: [],
      skipped: [
        {
          platform: 'sleeper',
          league_id: IN_SEASON_LEAGUE_ID,
          reason: `Sleeper has not closed week ${GAME_DAY_WEEK} yet: its points are not final.`,
        },
      ],
    });

    // the platform closes the week: its numbers are final
    isWeekClosed = true;
    const run = await admin.client.post('/api/admin/scoring-reconciliation', {
      season: 2025,
      week: GAME_DAY_WEEK,
    });
    expect(run.status).toBe(200);
    expect(run.body.data.isStarted).toBe(true);
    await replay.env.server.deps.scoringChecks.settled();
    const health = await admin.client.get('/api/admin/system/health');
    const outcome = health.body.data.components.scoringReconciliation;
    expect(outcome.leagues).toBe(1);
    expect(outcome.skipped).toEqual([]);
    expect(outcome.players_compared).toBeGreaterThanOrEqual(10);
    expect(outcome.within_hundredth).toBe(outcome.players_compared - 1);
    expect(outcome.worst).toHaveLength(1);
    expect(outcome.worst[0]).toMatchObject({
      player_id: defense.player_id,
      position: 'DEF',
      difference: -1.5,
      platform_points: SLEEPER_LINES[defense.player_id]!.pts_ppr + 1.5,
    });
    // the stats behind the difference: the defense's stored line
    expect(outcome.worst[0].stats.pts_allowed).toBe(SLEEPER_LINES[defense.player_id]!.pts_allow);
    // a member may not run it
    expect((await client.post('/api/admin/scoring-reconciliation', { season: 2025, week: 1 })).status).toBe(
      403,
    );
  }, 60_000);

  it('once the platform’s week moves past the finished week, neither process runs it again after the admin’s run compared every league', async () => {
    const { replay } = day;
    const { server } = replay.env;
    const admin = await signedInAccount(server, 'admin');
    const shown = async () =>
      (await admin.client.get('/api/admin/system/health')).body.data.components.scoringReconciliation;
    const byAdmin = await shown();
    // the platform's league is read afresh at each tick: a second run would ask for the week's matchups again
    const matchupReads = () =>
      replay.env.sleeper.requests.filter((request) =>
        request.url.endsWith(`/league/${IN_SEASON_LEAGUE_ID}/matchups/${GAME_DAY_WEEK}`),
      ).length;
    const tickBoth = async () => {
      server.deps.leagues.sleeperCache.clear();
      return Promise.all([replay.liveSync.tick(replay.now()), otherProcess.tick(replay.now())]);
    };
    // a second API process's live sync on the same database
    const otherProcess = createLiveSync(server.deps, {
      feed: new SleeperSeasonFeed({ baseUrl: replay.stats.url, sleep: async () => {} }),
    });
    try {
      // the data sync has read the platform's state: its week is now the next one
      const record = await readSyncRecord(server.deps.database);
      record.nflWeek = { season: 2025, week: GAME_DAY_WEEK + 1, seasonType: 'regular' };
      await writeSyncRecord(server.deps.database, record);
      const readsBefore = matchupReads();

      // the admin's run compared every league opened that week: neither process runs it again
      expect(await tickBoth()).toEqual([{ kind: 'idle' }, { kind: 'idle' }]);
      await tickBoth();
      expect(await shown()).toEqual(byAdmin);
      expect(matchupReads() - readsBefore).toBe(0);
    } finally {
      await otherProcess.stop();
    }
  }, 60_000);
});
