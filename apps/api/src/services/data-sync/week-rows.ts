import {
  isPosition,
  PPR,
  scoreStatLine,
  STAT_KEYS,
  statLineFromSleeper,
  type Position,
  type StatLine,
} from '@fm/projections';
import type { SleeperWeekAnswer } from '../../integrations/sleeper/season-feed.js';
import { normalProjectionRow, TYPICAL_NFLCOM_SPREAD } from '../nfl-import/nflcom-projections.js';
import type { ProjectionRow } from '../nfl-import/projection-writer.js';
import type { ColumnRow } from '../nfl-import/upsert-changed.js';
import { SLEEPER_SOURCE } from '../projections/projection-sources.js';
import { COLUMN_OF_STAT } from '../nfl-stats/stat-columns.js';
import { opponentLabel, type WeekGames } from '../live-games/nfl-schedule.js';

/** A player the sync knows, by Sleeper id. */
export interface KnownPlayer {
  id: number;
  position: string;
  team: string;
}

export function hasAnyStat(line: StatLine): boolean {
  return STAT_KEYS.some((key) => line[key] !== 0);
}

/**
 * A week's stat lines, one per known player who took part: Sleeper lists a player once he was
 * active (`gp`) or recorded anything. Usage figures (snaps, air yards) go to `extra`.
 */
export function statRowsOf(
  season: number,
  week: number,
  answer: SleeperWeekAnswer,
  players: ReadonlyMap<string, KnownPlayer>,
  games: WeekGames,
): ColumnRow[] {
  const rows: ColumnRow[] = [];
  for (const [sleeperId, entry] of answer) {
    const player = players.get(sleeperId);
    if (!player || !isPosition(player.position)) continue;
    const { line, usage } = statLineFromSleeper(entry.stats, player.position);
    const hasPlayed = (entry.stats.gp ?? 0) > 0 || hasAnyStat(line);
    if (!hasPlayed) continue;
    const game = games.get(player.team);
    const row: ColumnRow = {
      player_id: player.id,
      season,
      week,
      team: player.team,
      opponent: opponentLabel(game)?.replace(/^@/, '') ?? '',
      is_home: game ? game.isHome : true,
      extra: Object.keys(usage).length > 0 ? (usage as Record<string, number>) : null,
    };
    for (const key of STAT_KEYS) row[COLUMN_OF_STAT[key]] = line[key];
    rows.push(row);
  }
  return rows;
}

/** Sleeper's projected points in PPR: its stat line rescored, else its own PPR total. */
function projectedPoints(stats: Record<string, number>, line: StatLine, position: Position): number | null {
  if (hasAnyStat(line)) return scoreStatLine(line, PPR, position);
  const published = stats.pts_ppr;
  return published !== undefined && published > 0 ? published : null;
}

/**
 * An expert's projection as a row of `source`: a normal around the projected points with the typical
 * miss of an expert projection at the position (the experts publish no spread).
 */
export function expertProjectionRow(
  source: string,
  at: { season: number; week: number },
  player: KnownPlayer & { position: Position },
  points: number,
  line: StatLine,
  games: WeekGames,
): ProjectionRow {
  return normalProjectionRow(
    {
      player_id: player.id,
      season: at.season,
      week: at.week,
      source,
      team: player.team,
      opponent: opponentLabel(games.get(player.team)),
    },
    points,
    TYPICAL_NFLCOM_SPREAD[player.position] ?? TYPICAL_NFLCOM_SPREAD.WR!,
    hasAnyStat(line) ? line : null,
  );
}

/** Sleeper's projections of a week as rows of source 'sleeper'. */
export function projectionRowsOf(
  season: number,
  week: number,
  answer: SleeperWeekAnswer,
  players: ReadonlyMap<string, KnownPlayer>,
  games: WeekGames,
): ProjectionRow[] {
  const rows: ProjectionRow[] = [];
  for (const [sleeperId, entry] of answer) {
    const player = players.get(sleeperId);
    const position = player?.position;
    if (!player || !position || !isPosition(position)) continue;
    const { line } = statLineFromSleeper(entry.stats, position);
    const points = projectedPoints(entry.stats, line, position);
    if (points === null) continue;
    rows.push(
      expertProjectionRow(SLEEPER_SOURCE, { season, week }, { ...player, position }, points, line, games),
    );
  }
  return rows;
}
