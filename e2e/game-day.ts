import {
  type FakeNflScoreboard,
  type FakeSleeper,
  gameAtMoment,
  type GameMoment,
  readFixture,
  scheduledWeek,
  scoreboardAnswer,
  type SleeperSeasonData,
  startFakeNflScoreboard,
  startFakeSleeper,
} from '@fm/api/testing';

type Json = Record<string, any>;

/**
 * pregame: every game scheduled; kickoff: every game at 15:00 of the 1st quarter, nobody has scored; halftime:
 * every game at the half, half of each final line in; final: every game over.
 */
export type GameDayPhase = 'pregame' | 'kickoff' | 'halftime' | 'final';
const PLAYED_SHARE: Record<GameDayPhase, number> = { pregame: 0, kickoff: 0, halftime: 0.5, final: 1 };
const SCOREBOARD_MOMENT: Record<GameDayPhase, GameMoment> = {
  pregame: 'scheduled',
  kickoff: 'first-snap',
  halftime: 'halftime',
  final: 'over',
};

export interface E2eGameDay {
  /** api.sleeper.app's stand-in: the league (played at `week`) and the season's weekly stats, as the real one. */
  sleeper: FakeSleeper;
  scoreboard: FakeNflScoreboard;
  /** Moves the replay on: the scoreboard, the published stats and the platform's matchup points. */
  advance(phase: GameDayPhase): void;
  /** Each player's final points (league scoring) by Sleeper id, once `plan` set them. */
  finalPoints: Map<string, number>;
  /** Sets who scores what by the final whistle. */
  plan(finalPoints: Map<string, number>): void;
  close(): Promise<void>;
}

/** A player's published line worth `points` in any scoring: rushing yards (0.1 a yard), touchdowns (6). */
function statsWorth(points: number): Json {
  const touchdowns = Math.floor(points / 6);
  return { gp: 1, rush_td: touchdowns, rush_yd: Math.round((points - 6 * touchdowns) * 10) };
}

/** Points at a share of the game, to the tenth as the league shows them. */
const pointsAt = (final: number, share: number) => Math.round(final * share * 10) / 10;

/**
 * A game day of the recorded 2025 league, replayed at `week` (played the way week 1 was paired): a
 * Sleeper-compatible service for the league and the week's stats, a scoreboard-compatible clock, and the NFL's
 * games of that week (from the NFL.com files of `nflDir`) kicking off at `kickoff`.
 */
export async function startE2eGameDay(options: {
  nflDir: string;
  season: number;
  week: number;
  myRosterId: number;
  kickoff: Date;
}): Promise<E2eGameDay> {
  const { season, week, kickoff } = options;
  const games = scheduledWeek(options.nflDir, season, week);
  const seasonData: Pick<SleeperSeasonData, 'weeks' | 'schedules'> = {
    weeks: new Map(),
    schedules: new Map([[season, games.map((game) => ({ ...game, start_time: kickoff.getTime() }))]]),
  };
  let phase: GameDayPhase = 'pregame';
  const finalPoints = new Map<string, number>();
  const pairing = new Map<number, number>(
    readFixture<Json[]>('sleeper/season2025_league_matchups_week1.json').map((m) => [
      m.roster_id,
      m.matchup_id,
    ]),
  );
  const rosters = readFixture<Json[]>('sleeper/season2025_league_rosters.json');
  // the platform's live matchups: the week-1 pairing, each roster's starters, the points scored so far
  const matchupsOfWeek = (): Json[] =>
    rosters.map((roster) => {
      const share = PLAYED_SHARE[phase];
      const starters = (roster.starters as string[]).filter((id) => id !== '0');
      const playersPoints = Object.fromEntries(
        (roster.players as string[]).map((id) => [id, pointsAt(finalPoints.get(id) ?? 0, share)]),
      );
      const startersPoints = starters.map((id) => playersPoints[id] ?? 0);
      return {
        roster_id: roster.roster_id,
        matchup_id: pairing.get(roster.roster_id) ?? null,
        starters,
        players: roster.players,
        starters_points: startersPoints,
        players_points: playersPoints,
        points: Math.round(startersPoints.reduce((sum, points) => sum + points, 0) * 100) / 100,
      };
    });
  const [sleeper, scoreboard] = await Promise.all([
    startFakeSleeper({
      liveWeek: week,
      inSeasonRosterOwned: options.myRosterId,
      matchupsAsOf: (recorded, asked) => (asked === week ? matchupsOfWeek() : recorded),
      season: seasonData,
    }),
    startFakeNflScoreboard(scoreboardAnswer([])),
  ]);

  const advance = (next: GameDayPhase) => {
    phase = next;
    scoreboard.setAnswer(
      scoreboardAnswer(
        games.map((game) => gameAtMoment(game.home, game.away, SCOREBOARD_MOMENT[next], kickoff)),
      ),
    );
    const share = PLAYED_SHARE[next];
    const stats: Json = {};
    if (next !== 'pregame') {
      for (const [sleeperId, final] of finalPoints) stats[sleeperId] = statsWorth(pointsAt(final, share));
    }
    seasonData.weeks.set(`${season}:${week}`, { stats });
  };
  advance('pregame');

  return {
    sleeper,
    scoreboard,
    advance,
    finalPoints,
    plan(points) {
      finalPoints.clear();
      for (const [id, value] of points) finalPoints.set(id, value);
    },
    close: async () => {
      await Promise.all([sleeper.close(), scoreboard.close()]);
    },
  };
}
