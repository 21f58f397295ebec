import { leagueMatchupInput, weekStarterIds } from '@fm/contract';
import { withAdvisoryLock } from '@fm/db';
import { simulateMatchup } from '@fm/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_LOCK_NAME } from '../services/data-sync/data-sync.js';
import { loadLiveWeek } from '../services/live-games/week-games.js';
import { FINAL_SCORE, HALFTIME_SCORE } from '../../test/fakes/nfl-scoreboard-server.js';
import {
  GAME_DAY_MATCHUP_ID,
  GAME_DAY_SEASON,
  GAME_DAY_WEEK,
  MY_ROSTER_ID,
  OPPONENT_ROSTER_ID,
  officialFinalScores,
} from '../../test/game-day-replay.js';
import { replayGameDayForMember } from '../../test/game-day-member.js';
import { IN_SEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { EMBEDDED_DATABASE } from '../../test/harness.js';
import { type LeagueTestEnv, startLeagueTestEnv } from '../../test/leagues.js';

const DETAILS = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details?week=${GAME_DAY_WEEK}`;
const TIMELINE = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/timeline?week=${GAME_DAY_WEEK}&matchup_id=${GAME_DAY_MATCHUP_ID}`;
/** Josh Jacobs (GB), a seeded starter of roster 1: 14.0 points in the recorded week. */
const JACOBS = '5850';

type Player = { player_id: string; game_state: string; points: number | null; fraction_remaining: number };

function starters(details: any, rosterId: number): Player[] {
  return details.rosters.find((roster: any) => roster.roster_id === rosterId).players.starters;
}

describe.each(EMBEDDED_DATABASE)('a replayed game day, on %s', (kind) => {
  const day = replayGameDayForMember(kind);

  it('follows the matchup from kickoff through halftime to the final whistle', async () => {
    // kickoff: the scoreboard says pre for every game, nothing is scored yet
    day.replay.advance('kickoff');
    expect((await day.replay.tick()).kind).toBe('idle');
    const atKickoff = (await day.client.get(DETAILS)).body;
    expect(atKickoff.is_week_complete).toBe(false);
    expect(atKickoff.live.clock_source).toBe('scoreboard');
    const jacobsAtKickoff = starters(atKickoff, MY_ROSTER_ID).find((p) => p.player_id === JACOBS)!;
    expect(jacobsAtKickoff).toMatchObject({ game_state: 'pre', points: 0, fraction_remaining: 1 });
    expect(atKickoff.games.find((g: any) => g.home_team === 'GB')).toMatchObject({
      state: 'pre',
      fraction_remaining: 1,
    });

    // halftime: every game at the half, half of each line published; the live sync picks it up
    day.replay.advance('halftime');
    const halftimeTick = await day.replay.tick();
    expect(halftimeTick).toMatchObject({ kind: 'refreshed' });
    expect((halftimeTick as { statsChanged: number }).statsChanged).toBeGreaterThan(0);
    const atHalf = (await day.client.get(DETAILS)).body;
    const jacobsAtHalf = starters(atHalf, MY_ROSTER_ID).find((p) => p.player_id === JACOBS)!;
    expect(jacobsAtHalf).toMatchObject({ game_state: 'in', points: 7, fraction_remaining: 0.5 });
    // each game's quarter, clock and score as the scoreboard says them
    expect(atHalf.games.find((g: any) => g.home_team === 'GB')).toEqual({
      home_team: 'GB',
      away_team: 'DET',
      state: 'in',
      fraction_remaining: 0.5,
      period: 2,
      clock: '0:00',
      description: 'Halftime',
      home_score: HALFTIME_SCORE.home,
      away_score: HALFTIME_SCORE.away,
      kickoff: day.replay.kickoff.toISOString(),
      clock_source: 'scoreboard',
    });
    expect(atHalf.live.scores_updated_at).not.toBeNull();
    // a simulation of the week being played conditions on the same states and points, and says so per player
    const simulated = await day.client.post('/api/matchup/simulate', {
      season: 2025,
      week: GAME_DAY_WEEK,
      iterations: 2000,
      seed: 7,
      user_team: { starters: [...day.replay.appIds.values()].slice(0, 3).map((id) => ({ id })) },
      opponent_team: { starters: [...day.replay.appIds.values()].slice(3).map((id) => ({ id })) },
    });
    expect(simulated.body).toMatchObject({ season: 2025 });
    const jacobsSimulated = simulated.body.user_team.players
      .concat(simulated.body.opponent_team.players)
      .find((p: any) => p.sleeper_id === JACOBS);
    expect(jacobsSimulated).toMatchObject({ game_state: 'in', points: 7, fraction_remaining: 0.5 });
    expect(atHalf.live.paused_since).toBeNull();

    // final: the last read after the final whistle lands the final lines
    day.replay.advance('final');
    expect(await day.replay.tick()).toMatchObject({ kind: 'refreshed' });
    const atFinal = (await day.client.get(DETAILS)).body;
    const mine = starters(atFinal, MY_ROSTER_ID);
    expect(mine.find((p) => p.player_id === JACOBS)).toMatchObject({
      game_state: 'final',
      points: 14,
      fraction_remaining: 0,
    });
    expect(mine.every((p) => p.game_state === 'final' && p.fraction_remaining === 0)).toBe(true);
    expect(atFinal.games.find((g: any) => g.home_team === 'GB')).toMatchObject({
      state: 'final',
      period: 4,
      clock: null,
      home_score: FINAL_SCORE.home,
      away_score: FINAL_SCORE.away,
    });
    // once over, nothing polls: the next tick is idle
    expect((await day.replay.tick()).kind).toBe('idle');

    // the timeline: one point per stats state, the same for every viewer, kickoff → halftime → final
    const timeline = (await day.client.get(TIMELINE)).body;
    expect(timeline.roster_ids).toEqual([MY_ROSTER_ID, OPPONENT_ROSTER_ID]);
    expect(timeline.points.map((p: any) => p.game_time_elapsed)).toEqual([0, 0.5, 1]);
    const [kickoffPoint, halfPoint, finalPoint] = timeline.points;
    expect(kickoffPoint.points).toEqual([0, 0]);
    expect(halfPoint.win_probability).toBeGreaterThan(0);
    expect(halfPoint.win_probability).toBeLessThan(1);
    // final = the official result, whoever won it
    const official = officialFinalScores();
    const [mineFinal, theirsFinal] = finalPoint.points;
    expect(mineFinal).toBeCloseTo(official.get(MY_ROSTER_ID)!, 1);
    expect(theirsFinal).toBeCloseTo(official.get(OPPONENT_ROSTER_ID)!, 1);
    expect(mineFinal).not.toBe(theirsFinal);
    expect(finalPoint.win_probability).toBe(mineFinal > theirsFinal ? 1 : 0);

    const otherViewer = await day.replay.env.newUser();
    await otherViewer.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    await otherViewer.get(DETAILS);
    expect((await otherViewer.get(TIMELINE)).body.points).toEqual(timeline.points);
  }, 120_000);

  it('keeps the points of a starter ruled out during his game, and still ends on the official result', async () => {
    const SIMULATE = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/simulate`;
    const run = async (details: any) =>
      (
        await day.client.post(SIMULATE, {
          week: GAME_DAY_WEEK,
          user: { roster_id: MY_ROSTER_ID, starters: weekStarterIds(details, MY_ROSTER_ID) },
          opponent: { roster_id: OPPONENT_ROSTER_ID, starters: weekStarterIds(details, OPPONENT_ROSTER_ID) },
        })
      ).body;
    const jacobsIn = (answer: any) => answer.user_team.players.find((p: any) => p.player_id === JACOBS);
    try {
      // Jacobs is hurt in the 2nd quarter with 7 points and ruled out at the half
      day.replay.advance('halftime');
      await day.replay.tick();
      day.replay.setInjury(JACOBS, 'Out');
      const atHalf = (await day.client.get(DETAILS)).body;
      expect(starters(atHalf, MY_ROSTER_ID).find((p) => p.player_id === JACOBS)).toMatchObject({
        game_state: 'out',
        points: 7,
        fraction_remaining: 0,
      });
      // his 7 stand, with nothing more to come: in the league's run and in the page's own headline
      const hurt = await run(atHalf);
      expect(jacobsIn(hurt)).toMatchObject({
        game_state: 'out',
        points: 7,
        status: 'out',
        simulated_mean: 7,
      });
      expect(jacobsIn(hurt).distribution).toMatchObject({ mean: 7, std: 0 });
      const headline = simulateMatchup(
        leagueMatchupInput(
          atHalf,
          { rosterId: MY_ROSTER_ID, starterIds: weekStarterIds(atHalf, MY_ROSTER_ID) },
          { rosterId: OPPONENT_ROSTER_ID, starterIds: weekStarterIds(atHalf, OPPONENT_ROSTER_ID) },
        )!,
      );
      expect(hurt.win_probability).toBe(headline.winProbability);
      expect(headline.players.find((p) => p.id === JACOBS)!.simulatedMean).toBe(7);

      // his game over, he is final at the points the platform records, whatever his status; the run is the result
      day.replay.advance('final');
      await day.replay.tick();
      const atFinal = (await day.client.get(DETAILS)).body;
      expect(starters(atFinal, MY_ROSTER_ID).find((p) => p.player_id === JACOBS)).toMatchObject({
        game_state: 'final',
        points: 14,
      });
      const official = officialFinalScores();
      const won = official.get(MY_ROSTER_ID)! > official.get(OPPONENT_ROSTER_ID)!;
      const final = await run(atFinal);
      expect(final.win_probability).toBe(won ? 1 : 0);
      expect(final.user_team.mean).toBeCloseTo(official.get(MY_ROSTER_ID)!, 1);
    } finally {
      day.replay.setInjury(JACOBS, null);
    }
  });

  it('gives a closed week’s games their final scores from the scoreboard, read once', async () => {
    const { deps } = day.replay.env.server;
    day.replay.advance('final');
    const closed = { season: GAME_DAY_SEASON, week: GAME_DAY_WEEK, isWeekComplete: true };
    const before = day.replay.scoreboard.requests.length;
    const week = await loadLiveWeek(deps, closed);
    expect(week.games).toHaveLength(10);
    expect(week.games.find((g) => g.home_team === 'GB')).toMatchObject({
      state: 'final',
      fraction_remaining: 0,
      period: 4,
      home_score: FINAL_SCORE.home,
      away_score: FINAL_SCORE.away,
    });
    // its scores do not change: a second page is answered without asking again
    await loadLiveWeek(deps, closed);
    expect(day.replay.scoreboard.requests.length).toBe(before + 1);
  });

  it('estimates the clock when the scoreboard cannot be read, and says so', async () => {
    day.replay.advance('halftime');
    day.replay.scoreboard.failNext(503, 10);
    // the tick reads the scoreboard afresh (and fails), so pages see the estimate at once
    await day.replay.tick();
    const details = (await day.client.get(DETAILS)).body;
    expect(details.live.clock_source).toBe('estimated');
    const game = details.games.find((g: any) => g.home_team === 'GB');
    // kicked off an hour ago: under way, about a third of the nominal 3 h 05 played
    expect(game).toMatchObject({ state: 'in', clock_source: 'estimated', clock: null });
    expect(game.fraction_remaining).toBeGreaterThan(0.6);
    expect(game.fraction_remaining).toBeLessThan(0.75);
    day.replay.scoreboard.reset();
  });

  it('keeps the last scores and says since when live scores are paused when Sleeper fails or answers garbage', async () => {
    day.replay.advance('halftime');
    await day.replay.tick();
    const before = starters((await day.client.get(DETAILS)).body, MY_ROSTER_ID);

    day.replay.stats.failNext(503, 10, /\/v1\/stats\//);
    const paused = await day.replay.tick();
    expect(paused.kind).toBe('paused');
    day.replay.stats.reset();
    day.replay.stats.failNext({ kind: 'wrong-shape' }, 10, /\/v1\/stats\//);
    const stillPaused = await day.replay.tick();
    // the pause runs from the first failure
    expect(stillPaused).toMatchObject({ kind: 'paused', since: (paused as { since: string }).since });
    const details = (await day.client.get(DETAILS)).body;
    expect(details.live.paused_since).toBe((paused as { since: string }).since);
    expect(starters(details, MY_ROSTER_ID)).toEqual(before);

    day.replay.stats.reset();
    expect((await day.replay.tick()).kind).toBe('refreshed');
    expect((await day.client.get(DETAILS)).body.live.paused_since).toBeNull();
  });

  it('leaves the refresh to the process already syncing (one at a time)', async () => {
    day.replay.advance('halftime');
    const requests = day.replay.stats.requests.length;
    const held = await withAdvisoryLock(day.replay.env.server.deps.database, SYNC_LOCK_NAME, () =>
      day.replay.tick(),
    );
    expect(held).toEqual({ acquired: true, value: { kind: 'skipped' } });
    expect(day.replay.stats.requests.length).toBe(requests);
  });

  it('asks no upstream outside game windows', async () => {
    // the games end (the one read after the final whistle follows), then the week is quiet
    day.replay.advance('final');
    await day.replay.tick();
    await day.replay.tick();
    const before = {
      scoreboard: day.replay.scoreboard.requests.length,
      stats: day.replay.stats.requests.length,
    };
    const dayBefore = new Date(day.replay.kickoff.getTime() - 24 * 60 * 60_000);
    expect((await day.replay.liveSync.tick(dayBefore)).kind).toBe('idle');
    const weekAfter = new Date(day.replay.kickoff.getTime() + 7 * 24 * 60 * 60_000);
    expect((await day.replay.liveSync.tick(weekAfter)).kind).toBe('idle');
    expect(day.replay.scoreboard.requests.length).toBe(before.scoreboard);
    expect(day.replay.stats.requests.length).toBe(before.stats);
  });

  it('documents the wire fields and the timeline in the OpenAPI document', async () => {
    const document = (await day.client.get('/api/openapi.json')).body;
    const timeline = document.paths['/leagues/leagues/{platform}/{leagueId}/timeline'];
    expect(timeline.get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['platform', 'leagueId', 'week', 'matchup_id']),
    );
    const text = JSON.stringify(document);
    for (const field of [
      'game_state',
      'fraction_remaining',
      'paused_since',
      'clock_source',
      'game_time_elapsed',
    ]) {
      expect(text).toContain(`"${field}"`);
    }
  });

  it('answers the timeline only to viewers of the league, and rejects bad input', async () => {
    const stranger = await day.replay.env.newUser();
    expect((await stranger.get(TIMELINE)).body.code).toBe('LEAGUE_NOT_FOUND');
    const bad = await day.client.get(
      `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/timeline?week=x&matchup_id=2`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });
});

describe.each(EMBEDDED_DATABASE)('a finished week, on %s', (kind) => {
  let env: LeagueTestEnv;
  const leftLeagues = new Set<string>();
  beforeAll(async () => {
    env = await startLeagueTestEnv(kind, { sleeperOptions: { leftLeagues } });
  }, 60_000);
  afterAll(() => env?.stop());

  it('shows every player final and an empty timeline (nothing was recorded live), never an error', async () => {
    const client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const details = (await client.get(`/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details?week=1`))
      .body;
    expect(details.is_week_complete).toBe(true);
    expect(details.live.paused_since).toBeNull();
    const everyone = details.rosters.flatMap((roster: any) => roster.players.starters);
    expect(everyone.length).toBeGreaterThan(0);
    for (const player of everyone) {
      expect(['final', 'bye']).toContain(player.game_state);
      expect(player.fraction_remaining).toBe(0);
    }
    const timeline = await client.get(
      `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/timeline?week=1&matchup_id=2`,
    );
    expect(timeline.status).toBe(200);
    expect(timeline.body).toMatchObject({ season: 2025, roster_ids: null, points: [] });
  });

  it('answers the timeline only while the viewer is linked and in the league, as the league page does', async () => {
    const base = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}`;
    const details = `${base}/details?week=1`;
    const timeline = `${base}/timeline?week=1&matchup_id=2`;
    const inLeagueScoring = `/api/projections/all?season=2025&week=1&league=sleeper:${IN_SEASON_LEAGUE_ID}`;
    const client = await env.newUser();
    const link = () => client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    expect((await link()).status).toBe(200);
    expect((await client.get(details)).status).toBe(200);
    expect((await client.get(timeline)).status).toBe(200);

    // unlinked: the page once viewed no longer opens the league's timeline
    expect((await client.delete('/api/leagues/sleeper/disconnect')).status).toBe(200);
    expect((await client.get(details)).status).toBeGreaterThanOrEqual(400);
    const afterUnlink = await client.get(timeline);
    expect(afterUnlink.status).toBe(404);
    expect(afterUnlink.body.code).toBe('LEAGUE_NOT_FOUND');

    // linked again, then the account leaves the league on Sleeper
    expect((await link()).status).toBe(200);
    expect((await client.get(timeline)).status).toBe(200);
    expect((await client.get(inLeagueScoring)).status).toBe(200);
    leftLeagues.add(IN_SEASON_LEAGUE_ID);
    try {
      // the league lists held from Sleeper (a few minutes) have run out
      env.server.deps.leagues.sleeperCache.clear();
      expect((await client.get(details)).status).toBe(404);
      const afterLeaving = await client.get(timeline);
      expect(afterLeaving.status).toBe(404);
      expect(afterLeaving.body.code).toBe('LEAGUE_NOT_FOUND');
      expect((await client.get(inLeagueScoring)).status).toBe(404);
    } finally {
      leftLeagues.delete(IN_SEASON_LEAGUE_ID);
    }
  });
});
