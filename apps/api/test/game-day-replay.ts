import { SleeperSeasonFeed } from '../src/integrations/sleeper/season-feed.js';
import { createLiveSync, type LiveSync } from '../src/services/data-sync/live-sync.js';
import { readSyncRecord, writeSyncRecord } from '../src/services/sync-record/sync-record.js';
import { writeGames } from '../src/services/data-sync/team-games.js';
import { readFixture } from './fakes/fixtures.js';
import {
  type FakeNflScoreboard,
  gameAtMoment,
  type GameMoment,
  scoreboardAnswer,
  startFakeNflScoreboard,
} from './fakes/nfl-scoreboard-server.js';
import {
  type FakeSleeperSeason,
  regularSeasonState,
  type SleeperSeasonData,
  startFakeSleeperSeason,
} from './fakes/sleeper-season-server.js';
import type { DatabaseKind } from './harness.js';
import { type LeagueTestEnv, seedPlayer, startLeagueTestEnv } from './leagues.js';

type Json = Record<string, any>;

/** The replayed week: week 1 of the recorded 2025 league (Set B), played again with a clock. */
export const GAME_DAY_SEASON = 2025;
export const GAME_DAY_WEEK = 1;
/** Matchup 2 of that week: roster 1 (which the test user takes over) against roster 3. */
export const GAME_DAY_MATCHUP_ID = 2;
export const MY_ROSTER_ID = 1;
export const OPPONENT_ROSTER_ID = 3;

/** 2025 week 1 as the NFL played it (home first), covering every team the recorded line-ups use. */
export const GAME_DAY_GAMES: readonly [string, string][] = [
  ['DEN', 'TEN'],
  ['ARI', 'NO'],
  ['GB', 'DET'],
  ['KC', 'LAC'],
  ['SEA', 'SF'],
  ['IND', 'MIA'],
  ['BAL', 'BUF'],
  ['LV', 'NE'],
  ['HOU', 'LAR'],
  ['NYJ', 'PIT'],
];

/** kickoff: nothing played; halftime: every game at 0:00 of the 2nd quarter, half of each final line; final. */
export type GameDayPhase = 'kickoff' | 'halftime' | 'final';
const PLAYED_SHARE: Record<GameDayPhase, number> = { kickoff: 0, halftime: 0.5, final: 1 };
const SCOREBOARD_MOMENT: Record<GameDayPhase, GameMoment> = {
  kickoff: 'scheduled',
  halftime: 'halftime',
  final: 'over',
};

export interface GameDayReplay {
  env: LeagueTestEnv;
  scoreboard: FakeNflScoreboard;
  /** The Sleeper-compatible stats service the live sync reads. */
  stats: FakeSleeperSeason;
  liveSync: LiveSync;
  /** When every game kicked off (an hour before the replay started, so an estimated clock says "in"). */
  kickoff: Date;
  /** Each starter's final points in the league's scoring (Sleeper's recorded week-1 figures), by Sleeper id. */
  finalPoints: Map<string, number>;
  /** Our player id of each seeded starter, by Sleeper id. */
  appIds: Map<string, number>;
  /** Moves the replay to a phase: scoreboard, published stats and the platform's matchup points. */
  advance(phase: GameDayPhase): void;
  /** Sets a player's injury status in Sleeper's directory (null: healthy again), as the server reads it next. */
  setInjury(sleeperId: string, status: string | null): void;
  /** The replay's clock: kickoff + the phase's game time. */
  now(): Date;
  /**
   * One live-sync tick at the replay's clock (kickoff + the phase's game time), then the timeline recording its
   * change sets off (awaited here rather than when the change's announcement arrives).
   */
  tick(): ReturnType<LiveSync['tick']>;
  stop(): Promise<void>;
}

/**
 * The recorded week-1 matchups made consistent with the recorded (end-of-season) rosters: starters no longer on
 * their roster are dropped, and each side's points are its remaining starters' recorded points.
 */
function recordedMatchups(): Json[] {
  const rosters = new Map<number, Json>(
    readFixture<Json[]>('sleeper/season2025_league_rosters.json').map((roster) => [roster.roster_id, roster]),
  );
  return readFixture<Json[]>('sleeper/season2025_league_matchups_week1.json').map((matchup) => {
    const roster = rosters.get(matchup.roster_id)!;
    const held = new Set<string>([...(roster.players ?? []), ...(roster.reserve ?? [])]);
    const kept = (matchup.starters as string[]).flatMap((id, i) =>
      held.has(id) ? [{ id, points: matchup.starters_points[i] as number }] : [],
    );
    return {
      ...matchup,
      starters: kept.map((starter) => starter.id),
      starters_points: kept.map((starter) => starter.points),
      points: Math.round(kept.reduce((sum, starter) => sum + starter.points, 0) * 100) / 100,
    };
  });
}

/** Each side's official final score in the replayed matchup, by roster id. */
export function officialFinalScores(): Map<number, number> {
  return new Map(
    recordedMatchups()
      .filter((matchup) => matchup.matchup_id === GAME_DAY_MATCHUP_ID)
      .map((matchup) => [matchup.roster_id as number, matchup.points as number]),
  );
}

function directory(): Json {
  return {
    ...readFixture('sleeper/players_nfl_sample.json'),
    ...readFixture('sleeper/players_nfl_sample_2025_week1.json'),
  };
}

/** Sleeper stats giving a skill player `points` in any scoring: rushing yards (0.1 a yard everywhere). */
const statsWorth = (points: number): Json => ({ gp: 1, rush_yd: Math.round(points * 10) });

/**
 * A game day replayed on the real server: the recorded 2025 league's week 1 as a live week (fake Sleeper league
 * service whose matchup points move with the clock), a fake NFL scoreboard, and a fake Sleeper stats service the
 * live sync polls. The matchup's skill-position starters are seeded with projections; kickers, defenses and
 * players outside the directory score through the platform's per-player points only.
 */
export async function startGameDayReplay(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    /** The league as the platform answers it (its scoring settings, say). */
    leagueAsOf?: (recorded: Json) => Json;
    /** The platform's matchups at a phase, from the consistent recorded ones (default: their points at the share played). */
    matchupsAt?: (recorded: Json[], phase: GameDayPhase) => Json[];
    /** The stats the live sync reads at a phase, by Sleeper id (default: the seeded starters' rushing yards). */
    statsAt?: (phase: GameDayPhase) => Json;
  } = {},
): Promise<GameDayReplay> {
  let phase: GameDayPhase = 'kickoff';
  const injuries = new Map<string, string>();
  const scoreboard = await startFakeNflScoreboard(scoreboardAnswer([]));
  const season: SleeperSeasonData = {
    state: regularSeasonState(GAME_DAY_SEASON, GAME_DAY_WEEK),
    players: {},
    weeks: new Map(),
  };
  const env = await startLeagueTestEnv(kind, {
    sleeperOptions: {
      liveWeek: GAME_DAY_WEEK,
      inSeasonRosterOwned: MY_ROSTER_ID,
      // the consistent matchups at the share of the games played so far
      matchupsAsOf: () =>
        options.matchupsAt
          ? options.matchupsAt(recordedMatchups(), phase)
          : recordedMatchups().map((matchup) => atShare(matchup, PLAYED_SHARE[phase])),
      ...(options.leagueAsOf ? { leagueAsOf: options.leagueAsOf } : {}),
      playersAsOf: (recorded) => withInjuries(recorded, injuries),
      // the week's stats as published so far, for a data sync run against the league service
      season,
    },
    env: { NFL_SCOREBOARD_URL: `${scoreboard.url}/scoreboard`, ...options.env },
  });
  const stats = await startFakeSleeperSeason(season);
  const kickoff = new Date(Date.now() - 60 * 60_000);
  const { server } = env;
  await writeGames(
    server.deps.database.db,
    GAME_DAY_GAMES.map(([home, away]) => ({
      season: GAME_DAY_SEASON,
      week: GAME_DAY_WEEK,
      homeTeam: home,
      awayTeam: away,
      isVenueKnown: true,
      kickoffAt: kickoff.toISOString(),
    })),
  );
  const record = await readSyncRecord(server.deps.database);
  record.nflWeek = { season: GAME_DAY_SEASON, week: GAME_DAY_WEEK, seasonType: 'regular' };
  await writeSyncRecord(server.deps.database, record);

  const players = directory();
  const finalPoints = new Map<string, number>();
  const appIds = new Map<string, number>();
  for (const matchup of recordedMatchups()) {
    if (matchup.matchup_id !== GAME_DAY_MATCHUP_ID) continue;
    (matchup.starters as string[]).forEach((sleeperId, i) => {
      finalPoints.set(sleeperId, matchup.starters_points[i]);
    });
    for (const sleeperId of matchup.starters as string[]) {
      const entry = players[sleeperId];
      if (!entry || !['QB', 'RB', 'WR', 'TE'].includes(entry.position)) continue;
      const final = finalPoints.get(sleeperId)!;
      appIds.set(
        sleeperId,
        await seedPlayer(server, {
          fullName: entry.full_name,
          position: entry.position,
          team: entry.team,
          sleeperId,
          // a projection near what he scored, with a realistic spread
          projection: { season: GAME_DAY_SEASON, week: GAME_DAY_WEEK, predMean: final, predStd: 6 },
        }),
      );
    }
  }

  const liveSync = createLiveSync(server.deps, {
    feed: new SleeperSeasonFeed({ baseUrl: stats.url, sleep: async () => {} }),
  });

  const advance = (next: GameDayPhase) => {
    phase = next;
    // the server keeps Sleeper's matchups for a minute: a replay moves on at once, as if that minute had passed
    server.deps.leagues.sleeperCache.clear();
    const share = PLAYED_SHARE[next];
    scoreboard.setAnswer(
      scoreboardAnswer(
        GAME_DAY_GAMES.map(([home, away]) => gameAtMoment(home, away, SCOREBOARD_MOMENT[next], kickoff)),
      ),
    );
    const published: Json = {};
    for (const [sleeperId] of appIds) published[sleeperId] = statsWorth(finalPoints.get(sleeperId)! * share);
    stats.data.weeks.set(
      `${GAME_DAY_SEASON}:${GAME_DAY_WEEK}`,
      next === 'kickoff' ? {} : { stats: options.statsAt ? options.statsAt(next) : published },
    );
  };
  advance('kickoff');
  const clockOf = () => new Date(kickoff.getTime() + PLAYED_SHARE[phase] * 3 * 60 * 60_000);

  return {
    env,
    scoreboard,
    stats,
    liveSync,
    kickoff,
    finalPoints,
    appIds,
    advance,
    setInjury(sleeperId, status) {
      if (status === null) injuries.delete(sleeperId);
      else injuries.set(sleeperId, status);
      // the server keeps the directory for a day: a replay's news reaches it at once
      server.deps.leagues.playerDirectoryCache.clear();
      server.deps.leagues.sleeperCache.clear();
    },
    now: clockOf,
    async tick() {
      const outcome = await liveSync.tick(clockOf());
      await server.jobs.timelines.record();
      return outcome;
    },
    async stop() {
      await liveSync.stop();
      await env.stop();
      await Promise.all([scoreboard.close(), stats.close()]);
    },
  };
}

/** Sleeper's directory with these players' injury statuses. */
export function withInjuries(directory: Json, injuries: ReadonlyMap<string, string>): Json {
  const answered = { ...directory };
  for (const [sleeperId, status] of injuries) {
    if (answered[sleeperId]) answered[sleeperId] = { ...answered[sleeperId], injury_status: status };
  }
  return answered;
}

/** A recorded matchup as the platform shows it with `share` of every game played. */
function atShare(matchup: Json, share: number): Json {
  const round = (value: number) => Math.round(value * share * 100) / 100;
  const playersPoints = Object.fromEntries(
    Object.entries(matchup.players_points as Record<string, number>).map(([id, points]) => [
      id,
      round(points),
    ]),
  );
  return {
    ...matchup,
    points: round(matchup.points),
    players_points: playersPoints,
    starters_points: (matchup.starters_points as number[]).map(round),
  };
}
