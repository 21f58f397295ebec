import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, type TestClient } from '../../test/harness.js';
import type { LeagueTestEnv } from '../../test/leagues.js';
import {
  ROS_LEAGUE,
  ROS_MY_ROSTER_ID,
  type SeededPlayer,
  STAR_MEAN,
  STRONG_DEFENSE_MEAN,
  startRestOfSeasonLeague,
} from '../../test/rest-of-season-league.js';

type Json = Record<string, any>;

const FREE_AGENTS = `${ROS_LEAGUE}/free-agents`;

/** The list's order as a reader checks it: ΔP(playoffs), then ΔP(win), then rest-of-season points over replacement. */
function expectRankedOrder(rows: Json[]) {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    const keys = ['delta_playoff_probability', 'delta_win_probability', 'ros_points_over_replacement'];
    const differing = keys.find((key) => a[key] !== b[key]);
    if (differing)
      expect(a[differing], `${a.name} before ${b.name} by ${differing}`).toBeGreaterThan(b[differing]);
  }
}

describe.each(EMBEDDED_DATABASE)('free agents a player can read on %s', (kind) => {
  let env: LeagueTestEnv;
  let client: TestClient;
  let free: SeededPlayer[];
  let mine: { ids: Set<string>; positionOf: Map<string, string> };
  let all: Json[];

  beforeAll(async () => {
    ({ env, client, free } = await startRestOfSeasonLeague(kind));
    const details = (await client.get(`${ROS_LEAGUE}/details`)).body;
    const roster = details.rosters.find((r: Json) => r.roster_id === ROS_MY_ROSTER_ID);
    const players: Json[] = [...roster.players.starters, ...roster.players.bench];
    mine = {
      ids: new Set(players.map((p) => p.player_id)),
      positionOf: new Map(players.map((p) => [p.player_id, p.position])),
    };
    const response = await client.get(`${FREE_AGENTS}?limit=100`);
    expect(response.status).toBe(200);
    all = response.body.data;
  }, 300_000);
  afterAll(() => env?.stop(), 60_000);

  const rowOf = (player: SeededPlayer) => all.find((row) => row.player_id === player.sleeperId);

  it('shows each player’s projection, rest of season, whom he starts over and, separately, whom he replaces', () => {
    const star = rowOf(free[0]!)!;
    expect(star.has_projection).toBe(true);
    expect(star.projection).toBeCloseTo(STAR_MEAN, 6);
    // fourteen weeks, one a bye: more than this week, less than fourteen of it
    expect(star.ros_projection).toBeGreaterThan(10 * STAR_MEAN * 0.5);
    expect(star.ros_projection).toBeLessThan(13 * STAR_MEAN);
    // he starts this week over one of my receivers (a WR, or the back in the WR/RB flex), who stays on the roster
    expect(mine.ids.has(star.starts_over_player_id)).toBe(true);
    expect(['WR', 'RB']).toContain(mine.positionOf.get(star.starts_over_player_id));
    expect(star.lineup_after).toContain(star.player_id);
    expect(star.lineup_after).not.toContain(star.starts_over_player_id);
    // the player dropped is another one, on my bench
    expect(mine.ids.has(star.replaces_player_id)).toBe(true);
    expect(star.replaces_player_id).not.toBe(star.starts_over_player_id);
    expect(star.lineup_after).not.toContain(star.replaces_player_id);

    // on injured reserve: he adds points later in the season but does not start this week
    const hurt = rowOf(free[1]!)!;
    expect(hurt.injury_status).toBe('IR');
    expect(hurt.ros_points_over_replacement).toBeGreaterThan(0);
    expect(hurt.starts_over_player_id).toBeNull();
    expect(hurt.lineup_after).not.toContain(hurt.player_id);

    // a quarterback behind mine: he would not start, and changes nothing
    const quarterback = all.find((row) => row.position === 'QB')!;
    expect(quarterback.projection).toBeGreaterThan(0);
    expect(quarterback.starts_over_player_id).toBeNull();
    expect(quarterback).toMatchObject({
      delta_playoff_probability: 0,
      delta_win_probability: 0,
      ros_points_over_replacement: 0,
    });
  });

  it('ranks by ΔP(playoffs), ΔP(win), then points; the players who change nothing last among the projected', () => {
    const projected = all.filter((row) => row.has_projection);
    expect(projected.length).toBeGreaterThan(20);
    expect(all.slice(0, projected.length)).toEqual(projected);
    expectRankedOrder(projected);
    expect(all[0]!.player_id).toBe(free[0]!.sleeperId);
    const gaining = projected.filter((row) => row.delta_playoff_probability > 0);
    expect(gaining.length).toBeGreaterThan(5);
    expect(projected.slice(0, gaining.length)).toEqual(gaining);
    // ties on all three read in the order of the figures shown: his rest of season, then this week
    const unchanged = projected.filter((row) => row.ros_points_over_replacement === 0);
    for (let i = 1; i < unchanged.length; i++) {
      expect(unchanged[i - 1]!.ros_projection).toBeGreaterThanOrEqual(unchanged[i]!.ros_projection);
    }
  });

  it('lists players without a projection after every player with one, saying they have none', () => {
    const [unprojectedDefense, unprojectedReceiver] = free.filter((player) => player.isUnprojected);
    for (const player of [unprojectedDefense!, unprojectedReceiver!]) {
      const row = rowOf(player)!;
      expect(row, player.name).toMatchObject({
        has_projection: false,
        projection: null,
        ros_projection: null,
        starts_over_player_id: null,
      });
      expect(all.indexOf(row)).toBeGreaterThan(all.findLastIndex((other) => other.has_projection));
    }
  });

  it('ranks kickers and team defenses like everyone else', async () => {
    const defenses = await client.get(`${FREE_AGENTS}?position=DEF`);
    expect(defenses.status).toBe(200);
    const rows: Json[] = defenses.body.data;
    expect(rows.every((row) => row.position === 'DEF')).toBe(true);
    const [strong, weak] = free.filter((player) => player.position === 'DEF');
    // my defenses have no projection (the position's average, 7): one projected at 14 starts over them every week
    expect(rows[0]).toMatchObject({ player_id: strong!.sleeperId, projection: STRONG_DEFENSE_MEAN });
    expect(mine.positionOf.get(rows[0]!.starts_over_player_id)).toBe('DEF');
    expect(rows[0]!.delta_playoff_probability).toBeGreaterThan(0);
    expect(rows[0]!.ros_points_over_replacement).toBeGreaterThan(0);
    const weakRow = rows.find((row) => row.player_id === weak!.sleeperId)!;
    expect(weakRow.starts_over_player_id).toBeNull();
    expect(rows.indexOf(weakRow)).toBe(1);
    // every other team's defense is free too, without a projection: listed after the two projected
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.slice(2).every((row) => !row.has_projection && row.projection === null)).toBe(true);

    const kickers = await client.get(`${FREE_AGENTS}?position=K`);
    expect(kickers.status).toBe(200);
    expect(kickers.body.data.length).toBeGreaterThan(0);
    expect(kickers.body.data.every((row: Json) => row.position === 'K' && row.has_projection)).toBe(true);
    expectRankedOrder(kickers.body.data);
    expect(kickers.body.data[0].starts_over_player_id).not.toBeNull();
  });

  it('refuses a position the league does not start and a limit out of bounds with a clear error', async () => {
    for (const query of ['position=LB', 'position=XX', 'limit=0', 'limit=101', 'limit=many']) {
      const refused = await client.get(`${FREE_AGENTS}?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.code, query).toBe('VALIDATION_ERROR');
      expect(refused.body.message, query).toMatch(/\w{3}/);
    }
    const again = await client.get(`${FREE_AGENTS}?limit=100`);
    expect(again.body.data.map((row: Json) => row.player_id)).toEqual(all.map((row) => row.player_id));
  });
});
