import { players, projections } from '@fm/db';
import { readFixture } from './fakes/fixtures.js';
import { IN_SEASON_LEAGUE_ID } from './fakes/sleeper-server.js';
import type { DatabaseKind, TestClient } from './harness.js';
import { type LeagueTestEnv, startLeagueTestEnv } from './leagues.js';

type Json = Record<string, any>;

/** The recorded 2025 league (Set B) played again from week 1, with two more teams: twelve, as most leagues. */
export const ROS_SEASON = 2025;
export const ROS_WEEK = 1;
export const ROS_MY_ROSTER_ID = 1;
export const ROS_LEAGUE = `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}`;
export const ROS_TEAM_COUNT = 12;
/** The free agent better than anyone on the rosters, and his team's bye week. */
export const STAR_MEAN = 35;
export const STAR_BYE_WEEK = 7;
/** A free team defense projected far above the league's own (they have no projection: the position's average). */
export const STRONG_DEFENSE_MEAN = 14;

const MEAN_BY_POSITION: Record<string, number> = { QB: 18, RB: 12, WR: 11, TE: 8, K: 8, DEF: 7, DT: 5 };
/** The league's slots: QB RB RB WR WR TE WRRB_FLEX K DEF, then six on the bench. */
const LINEUP_SHAPE = ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'RB', 'K', 'DEF'];
const BENCH_SHAPE = ['QB', 'RB', 'WR', 'WR', 'TE', 'RB'];

export interface SeededPlayer {
  sleeperId: string;
  name: string;
  position: string;
  team: string;
  mean: number;
  injuryStatus?: string;
  byeWeek?: number;
  /** No projection row at all (as a defense has where NFL.com files are the only source). */
  isUnprojected?: boolean;
}

/** A spread of projections that does not depend on the order players are listed in. */
function meanOf(sleeperId: string, position: string): number {
  const digits = [...sleeperId].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  return MEAN_BY_POSITION[position]! + (digits % 7) - 3;
}

export interface RestOfSeasonLeague {
  /** Rostered players Sleeper's directory knows, as seeded (with a week-1 projection). */
  rostered: SeededPlayer[];
  /**
   * Free agents: the star WR first, then an injured RB, then the best few per position; then three team defenses
   * (one projected far above the league's, one below, one without a projection) and a WR without a projection.
   */
  free: SeededPlayer[];
  /** The two teams added to the recorded ten (roster ids 11 and 12). */
  addedRosters: Json[];
}

/** The league's players: who is on the recorded rosters, the two added teams, and the free agents. */
export function restOfSeasonPlayers(): RestOfSeasonLeague {
  const directory: Json = {
    ...readFixture('sleeper/players_nfl_sample.json'),
    ...readFixture('sleeper/players_nfl_sample_2025_week1.json'),
  };
  const recorded = readFixture<Json[]>('sleeper/season2025_league_rosters.json');
  const onRecorded = new Set<string>(recorded.flatMap((r) => [...(r.players ?? []), ...(r.reserve ?? [])]));
  const seeded = (sleeperId: string, mean?: number): SeededPlayer => {
    const entry = directory[sleeperId];
    return {
      sleeperId,
      name: entry.full_name ?? `${entry.first_name} ${entry.last_name}`,
      position: entry.position,
      team: entry.team,
      mean: mean ?? meanOf(sleeperId, entry.position),
    };
  };
  const unrostered = Object.keys(directory)
    .filter((id) => !onRecorded.has(id) && directory[id].team && MEAN_BY_POSITION[directory[id].position])
    .sort();
  const taken = new Set<string>();
  const take = (position: string, count: number) => {
    const ids = unrostered
      .filter((id) => directory[id].position === position && !taken.has(id))
      .slice(0, count);
    ids.forEach((id) => taken.add(id));
    return ids;
  };
  // the free agents first, so they are the same whatever teams are added
  const [star] = take('WR', 1);
  const [hurt] = take('RB', 1);
  const free = [
    { ...seeded(star!, STAR_MEAN), byeWeek: STAR_BYE_WEEK },
    { ...seeded(hurt!, 20), injuryStatus: 'IR' },
    ...[...take('WR', 5), ...take('RB', 5), ...take('QB', 4), ...take('TE', 4), ...take('K', 3)].map((id) =>
      seeded(id),
    ),
    ...take('DT', 1).map((id) => seeded(id)),
  ];
  const template = recorded.find((roster) => roster.roster_id === 10)!;
  const addedRosters = [11, 12].map((rosterId) => {
    const starters = LINEUP_SHAPE.map((position) => take(position, 1)[0]!);
    const bench = BENCH_SHAPE.map((position) => take(position, 1)[0]!);
    return {
      ...template,
      roster_id: rosterId,
      owner_id: `added-owner-${rosterId}`,
      starters,
      players: [...starters, ...bench],
      reserve: null,
    };
  });
  // taken after the added teams', so those stay the same whoever else is free
  const [strongDefense, weakDefense, unprojectedDefense] = take('DEF', 3);
  const [unprojectedReceiver] = take('WR', 1);
  free.push(
    seeded(strongDefense!, STRONG_DEFENSE_MEAN),
    seeded(weakDefense!, 3),
    { ...seeded(unprojectedDefense!), isUnprojected: true },
    { ...seeded(unprojectedReceiver!), isUnprojected: true },
  );
  const rostered = [
    ...[...onRecorded].filter(
      (id) => directory[id] && directory[id].team && MEAN_BY_POSITION[directory[id].position],
    ),
    ...addedRosters.flatMap((roster) => roster.players as string[]),
  ].map((id) => seeded(id));
  return { rostered, free, addedRosters };
}

/** Rows an import would have written: each player with his week-1 projection (and a BYE row for a bye week). */
export async function seedRestOfSeasonPlayers(env: LeagueTestEnv, list: SeededPlayer[]): Promise<void> {
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
  const projection = (player: SeededPlayer, week: number, opponent: string, mean: number) => ({
    playerId: idOf.get(player.sleeperId)!,
    season: ROS_SEASON,
    week,
    source: 'model',
    team: player.team,
    opponent,
    predMean: mean,
    predStd: Math.max(2, mean * 0.45),
  });
  const projected = list.filter((player) => !player.isUnprojected);
  await db.insert(projections).values([
    ...projected.map((player) => projection(player, ROS_WEEK, 'OPP', player.mean)),
    // a projection against BYE is how an install without a schedule knows a team's bye week
    ...projected.flatMap((player) => (player.byeWeek ? [projection(player, player.byeWeek, 'BYE', 0)] : [])),
  ]);
  await env.server.deps.dataVersion.bump();
}

/**
 * The recorded league as a twelve-team league in week 1 of its season (being played, line-ups open), owned by the
 * recorded user (roster 1), every player projected; answers the server, a signed-in client with Sleeper linked,
 * and the league's players.
 */
export async function startRestOfSeasonLeague(
  kind: DatabaseKind,
  options: {
    /** More of the server's environment (a push service's origin, say). */
    env?: Record<string, string>;
    /** This week's projection of a rostered player by Sleeper id, where a test plants its own. */
    plantedMeans?: Readonly<Record<string, number>>;
    /**
     * A test's own change to the league as Sleeper answers it, read at each request (after the twelve teams are
     * made; clear the server's Sleeper cache when it changes): its settings, its rosters, this week's matchups.
     */
    reshape?: {
      league?: (league: Json) => Json;
      rosters?: (rosters: Json[]) => Json[];
      weekMatchups?: (matchups: Json[]) => Json[];
    };
  } = {},
): Promise<RestOfSeasonLeague & { env: LeagueTestEnv; client: TestClient }> {
  const seeded = restOfSeasonPlayers();
  const planted = options.plantedMeans ?? {};
  const league = {
    ...seeded,
    rostered: seeded.rostered.map((player) => ({
      ...player,
      mean: planted[player.sleeperId] ?? player.mean,
    })),
  };
  const [eleven, twelve] = league.addedRosters;
  const same = <T>(value: T) => value;
  const reshape = {
    league: (value: Json) => (options.reshape?.league ?? same)(value),
    rosters: (value: Json[]) => (options.reshape?.rosters ?? same)(value),
    weekMatchups: (value: Json[]) => (options.reshape?.weekMatchups ?? same)(value),
  };
  const env = await startLeagueTestEnv(kind, {
    ...(options.env ? { env: options.env } : {}),
    sleeperOptions: {
      liveWeek: ROS_WEEK,
      inSeasonRosterOwned: ROS_MY_ROSTER_ID,
      leagueAsOf: (recorded) =>
        recorded.league_id === IN_SEASON_LEAGUE_ID
          ? reshape.league({ ...recorded, total_rosters: ROS_TEAM_COUNT })
          : recorded,
      rostersAsOf: (recorded) => reshape.rosters([...recorded, ...league.addedRosters]),
      matchupsAsOf: (recorded, week) =>
        week === ROS_WEEK
          ? reshape.weekMatchups([
              ...recorded,
              ...[eleven!, twelve!].map((roster) => ({
                roster_id: roster.roster_id,
                matchup_id: 6,
                points: 0,
                custom_points: null,
                starters: roster.starters,
                starters_points: roster.starters.map(() => 0),
                players: roster.players,
                players_points: {},
              })),
            ])
          : recorded,
    },
  });
  await seedRestOfSeasonPlayers(env, [...league.rostered, ...league.free]);
  const client = await env.newUser();
  await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
  return { ...league, env, client };
}
