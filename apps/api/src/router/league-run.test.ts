import {
  leagueLineupLabInput,
  leagueMatchupInput,
  type LeagueInputDetails,
  weekStarterIds,
} from '@fm/contract';
import { drawnPlayerCount, optimizeLineup, simulateMatchup } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import { registerVerifiedUser, STRONG_PASSWORD } from '../../test/accounts.js';
import { IN_SEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { GAME_DAY_WEEK, MY_ROSTER_ID, OPPONENT_ROSTER_ID } from '../../test/game-day-replay.js';
import { replayGameDayForMember } from '../../test/game-day-member.js';
import { EMBEDDED_DATABASE } from '../../test/harness.js';
import { LEAGUE_READS_PER_USER } from '../services/leagues/league-read-limit.js';
import { MAX_SIMULATION_COST } from '../services/simulation/admission.js';

const LEAGUE = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}`;
const DETAILS = `${LEAGUE}/details?week=${GAME_DAY_WEEK}`;
const SIMULATE = `${LEAGUE}/simulate`;

describe.each(EMBEDDED_DATABASE)('one number for a league matchup, on %s', (kind) => {
  const day = replayGameDayForMember(kind);

  it('records the headline’s own figure: the server’s run, the lab’s “now” and the recent list agree exactly, mid-game', async () => {
    day.replay.advance('halftime');
    await day.replay.tick();
    const details = (await day.client.get(DETAILS)).body as LeagueInputDetails & {
      league: { roster_positions: string[] };
    };
    const user = { rosterId: MY_ROSTER_ID, starterIds: weekStarterIds(details, MY_ROSTER_ID) };
    const opponent = {
      rosterId: OPPONENT_ROSTER_ID,
      starterIds: weekStarterIds(details, OPPONENT_ROSTER_ID),
    };
    // what the league page runs in the browser on this answer: its headline and start/sit's "now"
    const headline = simulateMatchup(leagueMatchupInput(details, user, opponent)!);
    const lab = optimizeLineup(
      leagueLineupLabInput(details, user, opponent, details.league.roster_positions)!,
    );
    expect(lab.currentWinProbability).toBe(headline.winProbability);

    const run = await day.client.post(SIMULATE, {
      week: GAME_DAY_WEEK,
      user: { roster_id: user.rosterId, starters: user.starterIds },
      opponent: { roster_id: opponent.rosterId, starters: opponent.starterIds },
    });
    expect(run.status).toBe(200);
    expect(run.body.win_probability).toBe(headline.winProbability);
    expect(run.body.predicted_score_difference).toBe(headline.predictedScoreDifference);
    expect(run.body.analysis.verdict).toEqual(expect.any(String));
    // every starter is simulated, also those without a projection (kickers, defenses here), as the page does
    const simulated = [...run.body.user_team.players, ...run.body.opponent_team.players];
    expect(simulated.map((p: { player_id: string }) => p.player_id)).toEqual([
      ...user.starterIds,
      ...opponent.starterIds,
    ]);
    expect(simulated.filter((p: { status: string }) => p.status === 'baseline').length).toBeGreaterThan(0);
    const jacobs = simulated.find((p: { sleeper_id: string }) => p.sleeper_id === '5850');
    expect(jacobs).toMatchObject({ game_state: 'in', points: 7, fraction_remaining: 0.5 });

    const recent = (await day.client.get('/api/simulations/recent')).body.data;
    expect(recent[0]).toMatchObject({
      id: run.body.simulation_id,
      league_id: IN_SEASON_LEAGUE_ID,
      week: GAME_DAY_WEEK,
      win_probability: headline.winProbability,
    });
  });

  it('answers the same number on /matchup/simulate given the league’s line-ups and its league_id, by Sleeper or app ids', async () => {
    type Answer = {
      win_probability: number;
      predicted_score_difference: number;
      seed: number | string;
      scoring: string;
      user_team: { players: Record<string, unknown>[] };
      opponent_team: { players: Record<string, unknown>[] };
    };
    const gameFields = (answer: Answer) =>
      [...answer.user_team.players, ...answer.opponent_team.players].map((p) => ({
        player_id: p.player_id,
        game_state: p.game_state,
        points: p.points,
        fraction_remaining: p.fraction_remaining,
        simulated_mean: p.simulated_mean,
      }));
    const league = { league_id: IN_SEASON_LEAGUE_ID, platform: 'sleeper', week: GAME_DAY_WEEK };
    const sameNumber = async (
      user: { rosterId: number; starterIds: string[] },
      opponent: { rosterId: number; starterIds: string[] },
      ref: (sleeperId: string) => string | number | { id: number },
    ) => {
      const run = await day.client.post(SIMULATE, {
        week: GAME_DAY_WEEK,
        user: { roster_id: user.rosterId, starters: user.starterIds },
        opponent: { roster_id: opponent.rosterId, starters: opponent.starterIds },
      });
      expect(run.status).toBe(200);
      const asked = await day.client.post('/api/matchup/simulate', {
        ...league,
        user_team: { starters: user.starterIds.map(ref) },
        opponent_team: { starters: opponent.starterIds.map(ref) },
      });
      expect(asked.status).toBe(200);
      const [ours, theirs] = [run.body as Answer, asked.body as Answer];
      expect(theirs.win_probability).toBe(ours.win_probability);
      expect(theirs.predicted_score_difference).toBe(ours.predicted_score_difference);
      expect(theirs.seed).toBe(ours.seed);
      expect(theirs.scoring).toBe(ours.scoring);
      const echoed = gameFields(theirs).map((p, i) => ({ ...p, player_id: gameFields(ours)[i]!.player_id }));
      expect(echoed).toEqual(gameFields(ours));
      return ours;
    };

    day.replay.advance('halftime');
    await day.replay.tick();
    const atHalf = (await day.client.get(DETAILS)).body as LeagueInputDetails;
    const week = (details: LeagueInputDetails, rosterId: number) => ({
      rosterId,
      starterIds: weekStarterIds(details, rosterId),
    });
    // the whole week's line-ups by Sleeper id (kickers and defenses too, which only the league knows)
    await sameNumber(week(atHalf, MY_ROSTER_ID), week(atHalf, OPPONENT_ROSTER_ID), (id) => id);
    // the players our directory knows, by the app's ids
    const linked = (side: { rosterId: number; starterIds: string[] }) => ({
      ...side,
      starterIds: side.starterIds.filter((id) => day.replay.appIds.has(id)),
    });
    await sameNumber(linked(week(atHalf, MY_ROSTER_ID)), linked(week(atHalf, OPPONENT_ROSTER_ID)), (id) => ({
      id: day.replay.appIds.get(id)!,
    }));

    // over: both are the result
    day.replay.advance('final');
    await day.replay.tick();
    const atFinal = (await day.client.get(DETAILS)).body as LeagueInputDetails;
    const final = await sameNumber(
      week(atFinal, MY_ROSTER_ID),
      week(atFinal, OPPONENT_ROSTER_ID),
      (id) => id,
    );
    expect([0, 1]).toContain(final.win_probability);
  });

  it('refuses line-ups that are not the league’s, and leagues that are not the caller’s', async () => {
    const details = (await day.client.get(DETAILS)).body as LeagueInputDetails;
    const mine = weekStarterIds(details, MY_ROSTER_ID);
    const theirs = weekStarterIds(details, OPPONENT_ROSTER_ID);
    const ask = (body: object, who = day.client) => who.post(SIMULATE, { week: GAME_DAY_WEEK, ...body });
    const cases: [object, RegExp][] = [
      [
        { user: { roster_id: 99, starters: mine }, opponent: { roster_id: 3, starters: theirs } },
        /no roster 99/,
      ],
      [
        {
          user: { roster_id: 1, starters: [...mine, theirs[0]] },
          opponent: { roster_id: 3, starters: theirs },
        },
        /not on roster 1/,
      ],
      [
        {
          user: { roster_id: 1, starters: [mine[0], mine[0]] },
          opponent: { roster_id: 3, starters: theirs },
        },
        /listed twice/,
      ],
      [
        { user: { roster_id: 1, starters: [] }, opponent: { roster_id: 3, starters: theirs } },
        /at least one/,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await ask(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(message),
      });
    }
    const stranger = await day.replay.env.newUser();
    const refused = await ask(
      { user: { roster_id: 1, starters: mine }, opponent: { roster_id: 3, starters: theirs } },
      stranger,
    );
    expect(refused.status).toBe(403);
  });

  it('charges a league line-up run for every player it draws: 1-v-1 at 1,000,000 iterations is refused at the cap, saying why', async () => {
    const details = (await day.client.get(DETAILS)).body as LeagueInputDetails;
    const [mine] = weekStarterIds(details, MY_ROSTER_ID);
    const [theirs] = weekStarterIds(details, OPPONENT_ROSTER_ID);
    const drawn = drawnPlayerCount(
      leagueMatchupInput(
        details,
        { rosterId: MY_ROSTER_ID, starterIds: [mine!] },
        { rosterId: OPPONENT_ROSTER_ID, starterIds: [theirs!] },
      )!,
    );
    expect(drawn).toBeGreaterThan(2); // the user's whole roster, not the one starter named
    const ask = (iterations: number) =>
      day.client.post('/api/matchup/simulate', {
        league_id: IN_SEASON_LEAGUE_ID,
        platform: 'sleeper',
        week: GAME_DAY_WEEK,
        iterations,
        user_team: { roster_id: MY_ROSTER_ID, starters: [mine] },
        opponent_team: { roster_id: OPPONENT_ROSTER_ID, starters: [theirs] },
      });
    // two players at 1,000,000 iterations is exactly the cap: only the roster the run draws puts it over
    expect(2 * 1_000_000).toBeLessThanOrEqual(MAX_SIMULATION_COST);
    const refused = await ask(1_000_000);
    expect(refused.status).toBe(400);
    const allowed = Math.floor(MAX_SIMULATION_COST / drawn);
    expect(refused.body).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'iterations',
      message: expect.stringContaining(
        `drawing ${drawn} players (your whole roster and the opponent's starters) may run at most ${allowed.toLocaleString('en-US')} iterations`,
      ),
    });
    const atTheCap = await ask(Math.max(1_000, allowed));
    expect(atTheCap.status).toBe(200);
  });

  it('spends none of a member’s league reads on their league’s simulations: only opening the page counts', async () => {
    const { server } = day.replay.env;
    const email = await registerVerifiedUser(server);
    const member = server.client();
    const login = await member.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    await member.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const leagueReads = () => server.deps.rateLimiter.countOf(LEAGUE_READS_PER_USER, login.body.user.id);
    const details = (await member.get(DETAILS)).body as LeagueInputDetails;
    expect(await leagueReads()).toBe(1);
    const [mine, theirs] = [MY_ROSTER_ID, OPPONENT_ROSTER_ID].map((rosterId) =>
      weekStarterIds(details, rosterId),
    );
    const run = await member.post(SIMULATE, {
      week: GAME_DAY_WEEK,
      user: { roster_id: MY_ROSTER_ID, starters: mine },
      opponent: { roster_id: OPPONENT_ROSTER_ID, starters: theirs },
    });
    expect(run.status).toBe(200);
    const byLineups = await member.post('/api/matchup/simulate', {
      league_id: IN_SEASON_LEAGUE_ID,
      platform: 'sleeper',
      week: GAME_DAY_WEEK,
      user_team: { starters: mine },
      opponent_team: { starters: theirs },
    });
    expect(byLineups.body.win_probability).toBe(run.body.win_probability);
    expect(await leagueReads()).toBe(1);
    expect((await member.get(DETAILS)).status).toBe(200);
    expect(await leagueReads()).toBe(2);
  });

  it('is a documented REST path', async () => {
    const document = (await day.client.get('/api/openapi.json')).body;
    expect(document.paths['/leagues/leagues/{platform}/{leagueId}/simulate'].post).toBeDefined();
  });
});
