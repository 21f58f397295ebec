import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { simulateSeasonOutlook, type SeasonOutlookInput } from '@fm/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/harness.js';
import type { LeagueTestEnv } from '../../test/leagues.js';
import { ROS_LEAGUE, ROS_TEAM_COUNT, startRestOfSeasonLeague } from '../../test/rest-of-season-league.js';
import { MAX_LEAGUE_TEAMS, MAX_ROSTER_PLAYERS } from '../services/rest-of-season/league-context.js';
import {
  MAX_CALL_COST,
  minutePointsOf,
  USER_SIMULATIONS_PER_MINUTE,
} from '../services/simulation/admission.js';

type Json = Record<string, any>;

/** Weeks 1–14 are left in the test league (its playoffs start in week 15). */
const WEEKS_LEFT = 14;

/** A league's own change to the twelve-team league, read at each request to the fake Sleeper. */
interface Shape {
  league?: (league: Json) => Json;
  rosters?: (rosters: Json[]) => Json[];
  weekMatchups?: (matchups: Json[]) => Json[];
}

/** Empty teams added after the twelve (roster ids 13, 14, …), paired with each other this week. */
function withEmptyTeams(count: number, league: (league: Json) => Json = (value) => value): Shape {
  const ids = Array.from({ length: count }, (_, i) => ROS_TEAM_COUNT + 1 + i);
  return {
    league,
    rosters: (rosters) => [
      ...rosters,
      ...ids.map((rosterId) => ({
        ...rosters.at(-1)!,
        roster_id: rosterId,
        owner_id: `empty-owner-${rosterId}`,
        starters: [],
        players: [],
        reserve: null,
      })),
    ],
    weekMatchups: (matchups) => [
      ...matchups,
      ...ids.map((rosterId, i) => ({
        roster_id: rosterId,
        matchup_id: 100 + Math.floor(i / 2),
        points: 0,
        custom_points: null,
        starters: [],
        starters_points: [],
        players: [],
        players_points: {},
      })),
    ],
  };
}

/**
 * CPU time of this process's main thread (the event loop's), in ms: utime + stime of its /proc entry, in clock
 * ticks of 10 ms. Unlike a timer's lateness it leaves out the time the thread waits for a core on a busy machine.
 */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Watches the event loop while `work` runs: the main thread's CPU time between two turns of a 1 ms timer (how long
 * something held the loop), and the timer's lateness (monitorEventLoopDelay, which on a busy machine also counts
 * waits for a core).
 */
async function watchEventLoop<T>(
  work: () => Promise<T>,
): Promise<{ value: T; heldMs: number[]; longestDelayMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const heldMs: number[] = [];
  let last = mainThreadCpuMs();
  const timer = setInterval(() => {
    const now = mainThreadCpuMs();
    heldMs.push(now - last);
    last = now;
  }, 1);
  delay.enable();
  try {
    const value = await work();
    return { value, heldMs, longestDelayMs: delay.max / 1e6 };
  } finally {
    clearInterval(timer);
    delay.disable();
  }
}

/**
 * A hold of the loop counted as a season run's: most of a run's CPU (the clock ticks in 10 ms, so a run held on
 * the main thread reads a little under or over its mean; shorter holds are the request's own work, which the
 * same process's test client and server share on a loaded machine).
 */
const LONG_HOLD_SHARE = 0.75;

/** Main-thread CPU of one season run of a league this size on this thread: what the old leverage held the loop for. */
function mainThreadSeasonRunMs(iterations: number): number {
  const ids = Array.from({ length: ROS_TEAM_COUNT }, (_, i) => String(i + 1));
  const input: SeasonOutlookInput = {
    teams: ids.map((id, i) => ({ id, wins: 0, losses: 0, pointsFor: 0, weeklyMean: 100 + i, weeklyStd: 25 })),
    schedule: Array.from({ length: WEEKS_LEFT }, (_, w) => ({
      week: 1 + w,
      matchups: Array.from({ length: ROS_TEAM_COUNT / 2 }, (_, m) => {
        const rotated = [ids[0]!, ...ids.slice(1 + (w % 11)), ...ids.slice(1, 1 + (w % 11))];
        return [rotated[m]!, rotated[ROS_TEAM_COUNT - 1 - m]!] as [string, string];
      }),
    })),
    playoffTeams: 6,
    iterations,
    seed: 1,
  };
  simulateSeasonOutlook({ ...input, iterations: 1_000 }); // warm
  const runs = 6; // the clock ticks in 10 ms: the mean of six is within 2 ms
  const startedAt = mainThreadCpuMs();
  for (let run = 0; run < runs; run++) simulateSeasonOutlook(input);
  return (mainThreadCpuMs() - startedAt) / runs;
}

describe('rest of season: priced per call, run off the event loop', () => {
  let env: LeagueTestEnv;
  let client: TestClient;
  let shape: Shape = {};
  /** Season runs sent to the simulation threads. */
  let threadSeasonRuns = 0;
  /** Matchup runs sent to the simulation threads. */
  let threadMatchupRuns = 0;

  /** A new league state as Sleeper answers it; `isImport` also makes the data new (every data cache misses). */
  const reshape = async (next: Shape, { isImport = true } = {}) => {
    shape = next;
    env.server.deps.leagues.sleeperCache.clear();
    if (isImport) await env.server.deps.dataVersion.bump();
  };
  /** Team 5 with `wins` wins: a league state of its own, for a leverage not yet simulated. */
  const withWins = (wins: number): Shape => ({
    rosters: (rosters) =>
      rosters.map((roster) =>
        roster.roster_id === 5 ? { ...roster, settings: { ...roster.settings, wins } } : roster,
      ),
  });

  beforeAll(async () => {
    ({ env, client } = await startRestOfSeasonLeague('pglite', {
      reshape: {
        league: (league) => (shape.league ?? ((value) => value))(league),
        rosters: (rosters) => (shape.rosters ?? ((value) => value))(rosters),
        weekMatchups: (matchups) => (shape.weekMatchups ?? ((value) => value))(matchups),
      },
    }));
    const runner = env.server.deps.simulationRunner;
    const runSeason = runner.runSeason.bind(runner);
    runner.runSeason = (task) => {
      threadSeasonRuns++;
      return runSeason(task);
    };
    const runMatchup = runner.run.bind(runner);
    runner.run = (task) => {
      threadMatchupRuns++;
      return runMatchup(task);
    };
  }, 300_000);
  afterAll(() => env?.stop());

  it('runs playoff leverage’s season runs on the simulation threads: the event loop is never held for as long as a run takes here', async () => {
    // a first call reads the league, the projections and the schedule, and compiles what it runs
    expect((await client.get(`${ROS_LEAGUE}/playoff-leverage`)).status).toBe(200);
    await reshape(withWins(1), { isImport: false });
    const runsBefore = threadSeasonRuns;
    const {
      value: response,
      heldMs,
      longestDelayMs,
    } = await watchEventLoop(() => client.get(`${ROS_LEAGUE}/playoff-leverage`));
    expect(response.status).toBe(200);
    const answer = response.body;
    expect(answer.data).toHaveLength(ROS_TEAM_COUNT);
    // six games this week: each team's win and loss forced, one run per result
    expect(answer.simulations).toBe(12);
    expect(threadSeasonRuns - runsBefore).toBe(12);
    const oneRunMs = mainThreadSeasonRunMs(answer.seasons_per_simulation ?? 6_666);
    const longHolds = heldMs.filter((ms) => ms >= oneRunMs * LONG_HOLD_SHARE);
    console.warn(
      `playoff leverage: main thread held at most ${Math.max(...heldMs)} ms of CPU between two timer turns ` +
        `(${longHolds.length} holds of three quarters of a run or more); a season run here takes ${oneRunMs.toFixed(0)} ms of ` +
        `CPU; longest timer lateness ${longestDelayMs.toFixed(0)} ms (load ${os.loadavg()[0]!.toFixed(1)})`,
    );
    // a run is longer than a clock tick and a half (10 ms), so a hold of one is told from the loop's own work
    expect(oneRunMs).toBeGreaterThanOrEqual(15);
    // on the main thread each of the 12 runs held the loop for a run's time; reading the league, a garbage
    // collection or this process's own test client may hold it a few times
    expect(longHolds.length).toBeLessThanOrEqual(3);
  }, 120_000);

  /**
   * Watches a rest-of-season call: every season run it counts ran on the threads, and the main thread held the loop
   * for a season run's time at most a few times (its CPU in all is printed: the call's own work, the league read,
   * line-ups and reasons, and this process's test client, vary too much on a shared machine to bound).
   */
  const expectCallOffTheLoop = async (
    label: string,
    call: () => Promise<{ status: number; body: Json }>,
    seasonRunsOf: (body: Json) => number,
  ) => {
    const seasonRunsBefore = threadSeasonRuns;
    const matchupRunsBefore = threadMatchupRuns;
    const cpuBefore = mainThreadCpuMs();
    const { value: response, heldMs, longestDelayMs } = await watchEventLoop(call);
    const cpuMs = mainThreadCpuMs() - cpuBefore;
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const seasonRuns = threadSeasonRuns - seasonRunsBefore;
    expect(seasonRuns).toBe(seasonRunsOf(response.body));
    expect(seasonRuns).toBeGreaterThanOrEqual(2);
    const oneRunMs = mainThreadSeasonRunMs(2_000);
    const leverageRunMs = mainThreadSeasonRunMs(6_000);
    const longHolds = heldMs.filter((ms) => ms >= leverageRunMs * LONG_HOLD_SHARE);
    console.warn(
      `${label}: ${seasonRuns} season runs and ${threadMatchupRuns - matchupRunsBefore} matchup runs on the threads; ` +
        `main thread held at most ${Math.max(...heldMs)} ms of CPU between two timer turns (${longHolds.length} ` +
        `of ${(leverageRunMs * LONG_HOLD_SHARE).toFixed(0)} ms or more), ${cpuMs} ms of CPU in all; a season run of ` +
        `2,000 here takes ${oneRunMs.toFixed(0)} ms of CPU; longest timer lateness ${longestDelayMs.toFixed(0)} ms ` +
        `(load ${os.loadavg()[0]!.toFixed(1)})`,
    );
    expect(longHolds.length).toBeLessThanOrEqual(3);
    return response.body;
  };

  it('runs the trade finder’s season and matchup runs on the simulation threads: the event loop is never held for as long as a run takes here', async () => {
    expect((await client.get(`${ROS_LEAGUE}/trades/suggestions`)).status).toBe(200);
    await reshape(withWins(2), { isImport: false });
    const answer = await expectCallOffTheLoop(
      'trade suggestions',
      () => client.get(`${ROS_LEAGUE}/trades/suggestions?limit=50`),
      // one season run before the trades and one per priced trade
      (body) => body.data.length + 1,
    );
    expect(answer.data.length).toBeGreaterThanOrEqual(10);
    expect(answer.data.length).toBeLessThanOrEqual(20);
    expect(answer.simulations).toBeGreaterThan(answer.data.length);
  }, 180_000);

  it('runs the free agents’ season and matchup runs on the simulation threads: the event loop is never held for as long as a run takes here', async () => {
    expect((await client.get(`${ROS_LEAGUE}/free-agents`)).status).toBe(200);
    const answer = await expectCallOffTheLoop(
      'free agents',
      () => client.get(`${ROS_LEAGUE}/free-agents`),
      (body) => body.simulations,
    );
    expect(answer.data.length).toBeGreaterThan(0);
  }, 180_000);

  it('runs the trade analyzer’s runs on the simulation threads too, with the figures the finder gave', async () => {
    const [trade] = (await client.get(`${ROS_LEAGUE}/trades/suggestions?limit=1`)).body.data as Json[];
    const analysis = await expectCallOffTheLoop(
      'trade analyzer',
      () =>
        client.post(`${ROS_LEAGUE}/trades/analyze`, {
          partner_roster_id: trade!.partner_roster_id,
          give: trade!.give,
          get: trade!.get,
        }),
      () => 2,
    );
    expect(analysis.you).toEqual(trade!.you);
    expect(analysis.partner).toEqual(trade!.partner);
    await reshape({}, { isImport: false });
  }, 180_000);

  it('answers playoff leverage again from cache while the league and the data stay the same: the same figures, no season run', async () => {
    const first = await client.get(`${ROS_LEAGUE}/playoff-leverage`);
    const runsBefore = threadSeasonRuns;
    const again = await client.get(`${ROS_LEAGUE}/playoff-leverage`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(threadSeasonRuns).toBe(runsBefore);
    expect(again.body.seasons_per_simulation).toBeGreaterThanOrEqual(1_000);

    await env.server.deps.dataVersion.bump();
    const afterImport = await client.get(`${ROS_LEAGUE}/playoff-leverage`);
    expect(afterImport.status).toBe(200);
    expect(threadSeasonRuns).toBe(runsBefore + 12);
  }, 120_000);

  it('charges the per-minute allowance by what a call draws, not one per call', async () => {
    const user = await env.newUser();
    await user.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    await env.server.deps.dataVersion.bump();
    const leverage = await user.get(`${ROS_LEAGUE}/playoff-leverage`);
    expect(leverage.status).toBe(200);
    const { simulations, seasons_per_simulation: seasons } = leverage.body;
    const drawn = simulations * seasons * ROS_TEAM_COUNT * WEEKS_LEFT;
    expect(drawn).toBeLessThanOrEqual(MAX_CALL_COST);
    const pointsOfLeverage = minutePointsOf(drawn);
    expect(pointsOfLeverage).toBeGreaterThan(1);

    // requests refused for their input still count one each: the rest of the minute, then a 429
    let accepted = 0;
    for (;;) {
      const probe = await user.get(`${ROS_LEAGUE}/playoff-leverage?week=soon`);
      if (probe.status === 429) {
        expect(probe.body).toMatchObject({
          code: 'RATE_LIMITED',
          message: expect.stringContaining('minute'),
        });
        break;
      }
      expect(probe.status).toBe(400);
      accepted++;
      expect(accepted).toBeLessThan(USER_SIMULATIONS_PER_MINUTE.points);
    }
    expect(accepted).toBe(USER_SIMULATIONS_PER_MINUTE.points - pointsOfLeverage);
  }, 180_000);

  it('charges trade suggestions to the per-minute allowance by what their runs may draw, once: a cached answer costs nothing more', async () => {
    const user = await env.newUser();
    await user.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    await env.server.deps.dataVersion.bump();
    const suggestions = await user.get(`${ROS_LEAGUE}/trades/suggestions`);
    expect(suggestions.status).toBe(200);
    // read again from cache: no run, nothing more charged than the request itself
    expect((await user.get(`${ROS_LEAGUE}/trades/suggestions`)).status).toBe(200);

    let accepted = 0;
    for (;;) {
      const probe = await user.get(`${ROS_LEAGUE}/playoff-leverage?week=soon`);
      if (probe.status === 429) break;
      expect(probe.status).toBe(400);
      accepted++;
      expect(accepted).toBeLessThan(USER_SIMULATIONS_PER_MINUTE.points);
    }
    const pointsOfSuggestions = USER_SIMULATIONS_PER_MINUTE.points - 1 - accepted;
    // twenty priced trades' season and matchup runs: more than one point, within the per-call budget's
    expect(pointsOfSuggestions).toBeGreaterThan(1);
    expect(pointsOfSuggestions).toBeLessThanOrEqual(minutePointsOf(MAX_CALL_COST));
  }, 180_000);

  it('refuses a call over the per-call budget before any run, saying what it would draw and the budget', async () => {
    // 32 teams with 17 weeks left: 32 runs of the fewest seasons the engine plays (1,000) draw 17,408,000
    await reshape(
      withEmptyTeams(MAX_LEAGUE_TEAMS - ROS_TEAM_COUNT, (league) => ({
        ...league,
        settings: { ...league.settings, playoff_week_start: 18 },
      })),
    );
    const runsBefore = threadSeasonRuns;
    const refused = await client.get(`${ROS_LEAGUE}/playoff-leverage`);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
    expect(refused.body.message).toContain('32 teams, 17 weeks left');
    expect(refused.body.message).toContain('17,408,000');
    expect(refused.body.message).toContain(MAX_CALL_COST.toLocaleString('en-US'));
    expect(threadSeasonRuns).toBe(runsBefore);

    // the same league with 14 weeks left fits: its runs are shared out within the budget
    await reshape(withEmptyTeams(MAX_LEAGUE_TEAMS - ROS_TEAM_COUNT));
    const fits = await client.get(`${ROS_LEAGUE}/playoff-leverage`);
    expect(fits.status).toBe(200);
    expect(fits.body.data).toHaveLength(MAX_LEAGUE_TEAMS);
    expect(
      fits.body.simulations * fits.body.seasons_per_simulation * MAX_LEAGUE_TEAMS * WEEKS_LEFT,
    ).toBeLessThanOrEqual(MAX_CALL_COST);
    await reshape({});
  }, 180_000);

  it('prices trade suggestions before the search and refuses them over the per-call budget, running nothing', async () => {
    // 32 teams with 17 weeks left, roster 12 also holding rosters 2 and 3's players: ten priced trades' season
    // runs (2,000 seasons × 544 team-weeks each) and their matchup runs (drawing both rosters) draw over the budget
    const longSeason = withEmptyTeams(MAX_LEAGUE_TEAMS - ROS_TEAM_COUNT, (league) => ({
      ...league,
      settings: { ...league.settings, playoff_week_start: 18 },
    }));
    await reshape({
      ...longSeason,
      rosters: (rosters) => {
        const moved = rosters.filter((roster) => [2, 3].includes(roster.roster_id));
        return longSeason.rosters!(rosters).map((roster) => {
          if (roster.roster_id === ROS_TEAM_COUNT) {
            return { ...roster, players: [...roster.players, ...moved.flatMap((other) => other.players)] };
          }
          return [2, 3].includes(roster.roster_id)
            ? { ...roster, starters: [], players: [], reserve: null }
            : roster;
        });
      },
    });
    const seasonRunsBefore = threadSeasonRuns;
    const matchupRunsBefore = threadMatchupRuns;
    const runner = env.server.deps.simulationRunner;
    const runTradeSearch = runner.runTradeSearch.bind(runner);
    let searches = 0;
    runner.runTradeSearch = (task) => {
      searches++;
      return runTradeSearch(task);
    };
    try {
      const refused = await client.get(`${ROS_LEAGUE}/trades/suggestions`);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(refused.body.message).toContain('Trade suggestions of this league (32 teams, 17 weeks left)');
      expect(refused.body.message).toContain('11 season runs of 2,000 seasons');
      expect(refused.body.message).toContain(MAX_CALL_COST.toLocaleString('en-US'));
      expect(refused.body.message).toContain('Nothing was run.');
      expect(searches).toBe(0);
      expect(threadSeasonRuns).toBe(seasonRunsBefore);
      expect(threadMatchupRuns).toBe(matchupRunsBefore);
    } finally {
      runner.runTradeSearch = runTradeSearch;
      await reshape({});
    }
  }, 180_000);

  it('refuses leagues over the shapes the tools take (teams, players per roster), naming the bound', async () => {
    await reshape(withEmptyTeams(MAX_LEAGUE_TEAMS + 1 - ROS_TEAM_COUNT));
    for (const path of ['playoff-leverage', 'free-agents', 'trades/suggestions']) {
      const refused = await client.get(`${ROS_LEAGUE}/${path}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `The rest-of-season tools take leagues of at most ${MAX_LEAGUE_TEAMS} teams; this league has ${MAX_LEAGUE_TEAMS + 1}.`,
      });
    }

    // one roster holding everyone of the first five rosters as well as its own
    await reshape({
      rosters: (rosters) =>
        rosters.map((roster) =>
          roster.roster_id === ROS_TEAM_COUNT
            ? {
                ...roster,
                players: [...roster.players, ...rosters.slice(0, 5).flatMap((other) => other.players)],
              }
            : roster,
        ),
    });
    const crowded = await client.get(`${ROS_LEAGUE}/playoff-leverage`);
    expect(crowded.status).toBe(400);
    expect(crowded.body.code).toBe('VALIDATION_ERROR');
    expect(crowded.body.message).toContain(`rosters of at most ${MAX_ROSTER_PLAYERS} players`);

    await reshape({});
    expect((await client.get(`${ROS_LEAGUE}/playoff-leverage`)).status).toBe(200);
  }, 180_000);
});
