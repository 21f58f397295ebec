import { type LeagueInputDetails, leagueMatchupInput, weekStarterIds } from '@fm/contract';
import { simulateMatchup } from '@fm/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ESPN_LEAGUE_ID } from '../../test/fakes/espn-server.js';
import { FAKE_YAHOO_LEAGUE_KEY } from '../../test/fakes/yahoo-server.js';
import { EMBEDDED_DATABASE, type TestClient } from '../../test/harness.js';
import { type LeagueTestEnv, linkYahoo, seedPlayer, startLeagueTestEnv } from '../../test/leagues.js';

const ESPN_LEAGUE = `/api/leagues/leagues/espn/${FAKE_ESPN_LEAGUE_ID}`;
const YAHOO_LEAGUE = `/api/leagues/leagues/yahoo/${FAKE_YAHOO_LEAGUE_KEY}`;
/** Week 1 of 2023: team 14 (McCaffrey, Etienne, Kupp…) plays team 15 (Saquon Barkley, Derrick Henry…). */
const HOME = 14;
const AWAY = 15;
const ESPN = {
  mccaffrey: '3117251',
  etienne: '4239996', // "Travis Etienne Jr." at ESPN, "Travis Etienne" in our data
  kupp: '2977187',
  ravens: '-16033', // "Ravens D/ST": our BAL defense
  saquon: '3929630',
  henry: '3043078', // not in our data: no projection
};

/** Rows an NFL.com import writes: no Sleeper ids (Sleeper has never answered), a projection for 2023 week 1. */
const OUR_PLAYERS = [
  { fullName: 'Christian McCaffrey', position: 'RB', team: 'SF', predMean: 22 },
  { fullName: 'Travis Etienne', position: 'RB', team: 'JAX', predMean: 14 },
  { fullName: 'Cooper Kupp', position: 'WR', team: 'LAR', predMean: 17 },
  { fullName: 'Baltimore Ravens', position: 'DEF', team: 'BAL', predMean: 8 },
  { fullName: 'Saquon Barkley', position: 'RB', team: 'NYG', predMean: 18 },
  // same name and position on another team: never taken for the Giants' Barkley
  { fullName: 'Saquon Barkley', position: 'RB', team: 'NE', predMean: 2 },
];

type Details = LeagueInputDetails & {
  projections: Record<string, { mean: number }>;
  app_player_ids: Record<string, number>;
};

describe.each(EMBEDDED_DATABASE)('ESPN leagues while Sleeper is down, on %s', (kind) => {
  let env: LeagueTestEnv;
  let client: TestClient;
  beforeAll(async () => {
    env = await startLeagueTestEnv(kind);
    env.sleeper.failNext(503, 100_000);
    for (const player of OUR_PLAYERS) {
      await seedPlayer(env.server, {
        ...player,
        sleeperId: null,
        projection: {
          season: 2023,
          week: 1,
          predMean: player.predMean,
          predStd: 5,
          p10: 2,
          p50: 10,
          p90: 30,
        },
      });
    }
    client = await env.newUser();
    const linked = await client.post('/api/leagues/espn/connect', {
      leagueId: `https://fantasy.espn.com/football/league?leagueId=${FAKE_ESPN_LEAGUE_ID}&seasonId=2023`,
    });
    expect(linked.status).toBe(200);
  });
  afterAll(() => env?.stop());

  it('matches rostered ESPN players to ours by name, position and team (suffixes, D/ST by team), not to a namesake', async () => {
    const page = await client.get(`${ESPN_LEAGUE}/details`);
    expect(page.status).toBe(200);
    const details = page.body as Details;
    expect(details.week).toBe(1);
    const means = Object.fromEntries(
      Object.entries(ESPN).map(([name, id]) => [name, details.projections[id]?.mean ?? null]),
    );
    expect(means).toEqual({ mccaffrey: 22, etienne: 14, kupp: 17, ravens: 8, saquon: 18, henry: null });
    expect(details.app_player_ids[ESPN.henry]).toBeUndefined();
    expect(env.sleeper.requests.some((request) => request.url.startsWith('/v1/players/nfl'))).toBe(true);
  });

  it('simulates the league’s line-ups by the ESPN ids its answer gives, with real projections and the page’s number', async () => {
    const details = (await client.get(`${ESPN_LEAGUE}/details`)).body as Details;
    const user = { rosterId: HOME, starterIds: weekStarterIds(details, HOME) };
    const opponent = { rosterId: AWAY, starterIds: weekStarterIds(details, AWAY) };
    expect(user.starterIds).toEqual(expect.arrayContaining([ESPN.mccaffrey, ESPN.etienne, ESPN.ravens]));
    const headline = simulateMatchup(leagueMatchupInput(details, user, opponent)!);

    const simulated = await client.post('/api/matchup/simulate', {
      league_id: FAKE_ESPN_LEAGUE_ID,
      platform: 'espn',
      user_team: { starters: user.starterIds },
      opponent_team: { starters: opponent.starterIds },
    });
    expect(simulated.status).toBe(200);
    expect(simulated.body.win_probability).toBe(headline.winProbability);
    const players = [...simulated.body.user_team.players, ...simulated.body.opponent_team.players];
    const mccaffrey = players.find((player: { player_id: string }) => player.player_id === ESPN.mccaffrey);
    expect(mccaffrey).toMatchObject({ status: 'projected', projection: { pred_mean: 22 } });
    const henry = players.find((player: { player_id: string }) => player.player_id === ESPN.henry);
    expect(henry).toMatchObject({ status: 'baseline', projection: null });

    const analyzed = await client.post('/api/matchup/analyze', {
      league_id: FAKE_ESPN_LEAGUE_ID,
      platform: 'espn',
      userTeam: { starters: user.starterIds },
      opponentTeam: { starters: opponent.starterIds },
    });
    expect(analyzed.status).toBe(200);
    expect(analyzed.body.win_probability).toBe(headline.winProbability);
  });

  it('refuses a line-up id that is in no roster of the league (400 naming it)', async () => {
    const details = (await client.get(`${ESPN_LEAGUE}/details`)).body as Details;
    const wrong = await client.post('/api/matchup/simulate', {
      league_id: FAKE_ESPN_LEAGUE_ID,
      platform: 'espn',
      user_team: { starters: [...weekStarterIds(details, HOME).slice(1), '99999999'] },
      opponent_team: { starters: weekStarterIds(details, AWAY) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('99999999'),
    });
  });

  it('simulates a Yahoo league’s line-ups by the Yahoo ids its answer gives, with the page’s number', async () => {
    env.sleeper.reset();
    // Sleeper is back; its failed directory is no longer held (as a minute later: PLAYER_DIRECTORY_FAILURE_HOLD_MS)
    env.server.deps.leagues.playerDirectoryCache.clear();
    expect(await linkYahoo(client)).toBe('/link-leagues?linked=yahoo');
    const first = (await client.get(`${YAHOO_LEAGUE}/details`)).body as Details & {
      league: { season: string };
    };
    // one starter known to our data through the Sleeper id Sleeper's directory gives his Yahoo id
    const linked = (first.rosters[0]!.players.starters as { player_id: string; sleeper_id?: string }[]).find(
      (player) => player.sleeper_id,
    )!;
    const season = Number(first.league.season);
    await seedPlayer(env.server, {
      fullName: 'Linked Yahoo Starter',
      position: 'QB',
      team: 'KC',
      sleeperId: linked.sleeper_id!,
      projection: { season, week: first.week, predMean: 21, predStd: 6, p10: 12, p50: 20, p90: 30 },
    });
    const details = (await client.get(`${YAHOO_LEAGUE}/details`)).body as Details;
    const [home, away] = details.matchups.filter((matchup) => matchup.matchup_id === 1);
    // the recorded league answers one roster for every team: each side takes its own half of it
    const starters = weekStarterIds(details, home!.roster_id);
    const half = Math.ceil(starters.length / 2);
    const user = { rosterId: home!.roster_id, starterIds: starters.slice(0, half) };
    const opponent = { rosterId: away!.roster_id, starterIds: starters.slice(half) };
    expect(user.starterIds).toContain(linked.player_id);
    const headline = simulateMatchup(leagueMatchupInput(details, user, opponent)!);
    const simulated = await client.post('/api/matchup/simulate', {
      league_id: FAKE_YAHOO_LEAGUE_KEY,
      platform: 'yahoo',
      user_team: { roster_id: user.rosterId, starters: user.starterIds },
      opponent_team: { roster_id: opponent.rosterId, starters: opponent.starterIds },
    });
    expect(simulated.status).toBe(200);
    expect(simulated.body.win_probability).toBe(headline.winProbability);
    const answered = simulated.body.user_team.players;
    expect(answered.map((player: { player_id: string }) => player.player_id)).toEqual(user.starterIds);
    expect(
      answered.find((player: { player_id: string }) => player.player_id === linked.player_id),
    ).toMatchObject({ status: 'projected', projection: { pred_mean: 21 } });
  });
});
