import { players, projections } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fakes/fixtures.js';
import { IN_SEASON_LEAGUE_ID } from '../../test/fakes/sleeper-server.js';
import { DATABASE_KINDS, type TestClient } from '../../test/harness.js';
import { type LeagueTestEnv, startLeagueTestEnv } from '../../test/leagues.js';
import { bumpDataVersion } from '../services/data-changes/data-version.js';

type Json = Record<string, any>;

const SEASON = 2025;
const WEEK = 1;
const MY_ROSTER_ID = 1;
const LEAGUE = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}`;
const STARTED = ['QB', 'RB', 'WR', 'TE', 'K', 'DEF'];
const MEAN_BY_POSITION: Record<string, number> = { QB: 18, RB: 12, WR: 11, TE: 8, K: 8, DT: 5 };
/** The free agent better than anyone on the rosters: every team would start him. */
const STAR_BYE_WEEK = 7;
const STAR_MEAN = 35;

interface Seeded {
  sleeperId: string;
  name: string;
  position: string;
  team: string;
  mean: number;
  injuryStatus?: string;
  byeWeek?: number;
}

/** A spread of projections that does not depend on the order players are listed in. */
function meanOf(sleeperId: string, position: string): number {
  const digits = [...sleeperId].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  return MEAN_BY_POSITION[position]! + (digits % 7) - 3;
}

/**
 * Week-1 projections for every rostered player of the recorded 2025 league that Sleeper's directory knows, and a
 * pool of free agents (players of the directory on no roster): the best at each position, a star WR, an injured RB
 * and a defensive tackle (a position the league does not start).
 */
function leaguePlayers(): { rostered: Seeded[]; free: Seeded[] } {
  const directory: Json = {
    ...readFixture('sleeper/players_nfl_sample.json'),
    ...readFixture('sleeper/players_nfl_sample_2025_week1.json'),
  };
  const rosters = readFixture<Json[]>('sleeper/season2025_league_rosters.json');
  const onRosters = new Set<string>(rosters.flatMap((r) => [...(r.players ?? []), ...(r.reserve ?? [])]));
  const seeded = (sleeperId: string, mean?: number): Seeded => {
    const entry = directory[sleeperId];
    return {
      sleeperId,
      name: entry.full_name,
      position: entry.position,
      team: entry.team,
      mean: mean ?? meanOf(sleeperId, entry.position),
    };
  };
  const rostered = [...onRosters]
    .filter((id) => directory[id] && directory[id].team && MEAN_BY_POSITION[directory[id].position])
    .map((id) => seeded(id));
  const candidates = Object.keys(directory)
    .filter((id) => !onRosters.has(id) && directory[id].team)
    .sort();
  const firstOf = (position: string, count: number) =>
    candidates.filter((id) => directory[id].position === position).slice(0, count);
  const [star, ...wideReceivers] = firstOf('WR', 6);
  const [hurt, ...runningBacks] = firstOf('RB', 6);
  const free = [
    { ...seeded(star!, STAR_MEAN), byeWeek: STAR_BYE_WEEK },
    { ...seeded(hurt!, 20), injuryStatus: 'IR' },
    ...[...wideReceivers, ...runningBacks, ...firstOf('QB', 5), ...firstOf('TE', 5), ...firstOf('K', 3)].map(
      (id) => seeded(id),
    ),
    ...firstOf('DT', 1).map((id) => seeded(id)),
  ];
  return { rostered, free };
}

async function seedLeague(env: LeagueTestEnv, list: Seeded[]): Promise<void> {
  const { db } = env.server.deps.database;
  const rows = await db
    .insert(players)
    .values(
      list.map((player) => ({
        fullName: player.name,
        searchName: player.name.toLowerCase(),
        position: player.position,
        team: player.team,
        sleeperId: player.sleeperId,
        injuryStatus: player.injuryStatus ?? null,
      })),
    )
    .returning({ id: players.id, sleeperId: players.sleeperId });
  const idOf = new Map(rows.map((row) => [row.sleeperId, row.id]));
  const projection = (player: Seeded, week: number, opponent: string, mean: number) => ({
    playerId: idOf.get(player.sleeperId)!,
    season: SEASON,
    week,
    source: 'model',
    team: player.team,
    opponent,
    predMean: mean,
    predStd: Math.max(2, mean * 0.45),
  });
  await db.insert(projections).values([
    ...list.map((player) => projection(player, WEEK, 'OPP', player.mean)),
    // a projection against BYE is how an install without a schedule knows a team's bye week
    ...list.flatMap((player) => (player.byeWeek ? [projection(player, player.byeWeek, 'BYE', 0)] : [])),
  ]);
  await bumpDataVersion(env.server.deps.database);
}

describe.each(DATABASE_KINDS)('rest of season: free agents and playoff leverage on %s', (kind) => {
  let env: LeagueTestEnv;
  let client: TestClient;
  let details: Json;
  const { rostered, free } = leaguePlayers();

  beforeAll(async () => {
    env = await startLeagueTestEnv(kind, {
      sleeperOptions: { liveWeek: WEEK, inSeasonRosterOwned: MY_ROSTER_ID },
    });
    await seedLeague(env, [...rostered, ...free]);
    client = await env.newUser();
    await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    details = (await client.get(`${LEAGUE}/details`)).body;
  }, 60_000);
  afterAll(() => env?.stop());

  const everyRosteredId = () =>
    new Set<string>(
      details.rosters.flatMap((roster: Json) =>
        [...roster.players.starters, ...roster.players.bench, ...roster.players.reserve].map(
          (player: Json) => player.player_id,
        ),
      ),
    );

  it('lists players on no roster, at started positions, best first, each replacing one of my players', async () => {
    expect(details.my_roster_id).toBe(MY_ROSTER_ID);
    expect(details.is_week_complete).toBe(false);
    const started = Date.now();
    const response = await client.get(`${LEAGUE}/free-agents`);
    const elapsedMs = Date.now() - started;
    expect(response.status).toBe(200);
    const answer = response.body;
    expect(answer.week).toBe(WEEK);
    expect(answer.season).toBe(String(SEASON));
    // the league's playoffs start in week 15: weeks 1–14 are left
    expect(answer.ros_weeks).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(answer.simulations).toBeGreaterThan(1);
    expect(elapsedMs).toBeLessThan(10_000);

    const data = answer.data as Json[];
    expect(data.length).toBeGreaterThan(10);
    const rosteredIds = everyRosteredId();
    const mine = details.rosters.find((roster: Json) => roster.roster_id === MY_ROSTER_ID);
    const myIds = new Set([...mine.players.starters, ...mine.players.bench].map((p: Json) => p.player_id));
    const freeIds = new Set(free.map((player) => player.sleeperId));
    for (const agent of data) {
      expect(rosteredIds.has(agent.player_id)).toBe(false);
      expect(freeIds.has(agent.player_id)).toBe(true);
      expect(STARTED).toContain(agent.position);
      expect(myIds.has(agent.replaces_player_id)).toBe(true);
      expect(agent.ros_points_over_replacement).toBeGreaterThanOrEqual(0);
    }
    for (let i = 1; i < data.length; i++) {
      const [before, after] = [data[i - 1]!, data[i]!];
      expect(before.delta_playoff_probability).toBeGreaterThanOrEqual(after.delta_playoff_probability);
      if (before.delta_playoff_probability === after.delta_playoff_probability) {
        expect(before.ros_points_over_replacement).toBeGreaterThanOrEqual(after.ros_points_over_replacement);
      }
    }

    // the star starts every week but his bye: he raises my line-ups most, and my odds with them
    const star = free[0]!;
    expect(data[0]).toMatchObject({ player_id: star.sleeperId, position: 'WR', bye_week: STAR_BYE_WEEK });
    expect(data[0]!.ros_points_over_replacement).toBeGreaterThan(100);
    expect(data[0]!.delta_playoff_probability).toBeGreaterThan(0);
    expect(data[0]!.delta_win_probability).toBeGreaterThan(0);
    const hurt = data.find((agent) => agent.player_id === free[1]!.sleeperId);
    expect(hurt?.injury_status).toBe('IR');
  });

  it('filters by a started position and refuses one the league does not start', async () => {
    const receivers = await client.get(`${LEAGUE}/free-agents?position=wr&limit=3`);
    expect(receivers.status).toBe(200);
    expect(receivers.body.data).toHaveLength(3);
    expect(receivers.body.data.every((agent: Json) => agent.position === 'WR')).toBe(true);

    for (const position of ['DT', 'LB', 'XX']) {
      const refused = await client.get(`${LEAGUE}/free-agents?position=${position}`);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses leagues that are not the caller’s as the league page does', async () => {
    const stranger = await env.newUser();
    for (const path of ['free-agents', 'playoff-leverage']) {
      const refused = await stranger.get(`${LEAGUE}/${path}`);
      const page = await stranger.get(`${LEAGUE}/details`);
      expect(refused.status).toBe(page.status);
      expect(refused.status).toBeGreaterThanOrEqual(403);
      expect(refused.body.code).toBe(page.body.code);

      const other = `/api/leagues/leagues/sleeper/999999999`;
      const unknown = await client.get(`${other}/${path}`);
      const unknownPage = await client.get(`${other}/details`);
      expect(unknown.status).toBe(unknownPage.status);
      expect(unknown.body.code).toBe(unknownPage.body.code);
    }
    const signedOut = await env.server.client().get(`${LEAGUE}/free-agents`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.code).toBe('UNAUTHENTICATED');
  });

  it('gives every team its playoff odds if it wins and if it loses this week, a win never below a loss', async () => {
    const response = await client.get(`${LEAGUE}/playoff-leverage`);
    expect(response.status).toBe(200);
    const { data, week, simulations } = response.body;
    expect(week).toBe(WEEK);
    // five matchups, each run with either result
    expect(simulations).toBe(10);
    expect(data.map((row: Json) => row.roster_id).sort((a: number, b: number) => a - b)).toEqual(
      details.rosters.map((roster: Json) => roster.roster_id).sort((a: number, b: number) => a - b),
    );
    for (const row of data as Json[]) {
      expect(row.p_playoffs_if_win).toBeGreaterThanOrEqual(row.p_playoffs_if_loss);
      expect(row.leverage).toBeCloseTo(row.p_playoffs_if_win - row.p_playoffs_if_loss, 12);
      expect(row.p_playoffs_if_win).toBeLessThanOrEqual(1);
      expect(row.p_playoffs_if_loss).toBeGreaterThanOrEqual(0);
    }
    expect(data.some((row: Json) => row.leverage > 0.01)).toBe(true);
  });

  it('documents both paths in the OpenAPI document', async () => {
    const document = (await client.get('/api/openapi.json')).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/leagues/leagues/{platform}/{leagueId}/free-agents',
        '/leagues/leagues/{platform}/{leagueId}/playoff-leverage',
      ]),
    );
  });
});
