import { executeRows, type Db } from '@fm/db';
import {
  FIRST_SEASON_WITH_PROJECTED_STAT_LINES,
  isPosition,
  NFLCOM_TOTAL_POINTS_PER_RECEPTION,
  sortWeeks,
  weekOrdinal,
  type Expert,
  type ExpertInput,
  type ResultRow,
  type SlateRow,
  type WeekData,
} from '@fm/projections';
import { sql } from 'drizzle-orm';
import { statLineFromColumns } from '../nfl-stats/stat-columns.js';
import { ESPN_SOURCE, NFLCOM_SOURCE, SLEEPER_SOURCE } from '../projections/projection-sources.js';

/** The projection sources the model reads as expert inputs, by the name the model gives them. */
const EXPERT_OF_SOURCE: Record<string, Expert> = {
  [NFLCOM_SOURCE]: 'nflcom',
  [SLEEPER_SOURCE]: 'sleeper',
  [ESPN_SOURCE]: 'espn',
};

export interface NflWeek {
  season: number;
  week: number;
}

export interface ModelInputOptions {
  /**
   * The NFL week being played now: stat lines of it and of later weeks are not results yet
   * (its games are still being played). Unset: every stored stat line is a result (an
   * NFL.com file import, which holds completed weeks only).
   */
  current?: NflWeek;
}

function parseStats(value: unknown): Record<string, number> | null {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, number> | null;
}

/**
 * An expert's stored row as model input. Stored pred_mean is PPR, except NFL.com's before 2024:
 * its published total (half a point per catch), whose stat columns were the results.
 */
function expertInput(
  expert: Expert,
  season: number,
  predMean: number,
  stats: Record<string, number> | null,
): ExpertInput {
  const isNflcomTotal = expert === 'nflcom' && season < FIRST_SEASON_WITH_PROJECTED_STAT_LINES;
  // an expert that published only a total (no stat keys) is read by its total
  const hasStatLine = stats !== null && Object.keys(stats).length > 0;
  if (hasStatLine && !isNflcomTotal) return { stats: statLineFromColumns(stats), total: null };
  return {
    stats: null,
    total: { points: predMean, perReception: isNflcomTotal ? NFLCOM_TOTAL_POINTS_PER_RECEPTION : 1 },
  };
}

/**
 * The model's inputs, read back from the database (so a sync of a few new weeks still trains on
 * every week held before): actual stat lines of completed weeks, and the experts' projections
 * (NFL.com's, Sleeper's and ESPN's) as each week's slate, players keyed by players.id.
 */
export async function loadModelInputs(db: Db, options: ModelInputOptions = {}): Promise<WeekData[]> {
  const weeks = new Map<number, WeekData>();
  const weekOf = (season: number, week: number): WeekData => {
    const key = weekOrdinal(season, week);
    let entry = weeks.get(key);
    if (!entry) {
      entry = { season, week, slate: [], actual: null };
      weeks.set(key, entry);
    }
    return entry;
  };
  const firstUnfinished = options.current
    ? weekOrdinal(options.current.season, options.current.week)
    : Number.POSITIVE_INFINITY;

  const stats = await executeRows<Record<string, unknown>>(
    db,
    sql`select s.*, p.full_name, p.position from player_week_stats s join players p on p.id = s.player_id`,
  );
  for (const row of stats) {
    const position = String(row.position);
    const season = Number(row.season);
    const weekNumber = Number(row.week);
    if (!isPosition(position) || weekOrdinal(season, weekNumber) >= firstUnfinished) continue;
    const week = weekOf(season, weekNumber);
    const line: ResultRow = {
      playerId: Number(row.player_id),
      name: String(row.full_name),
      position,
      season,
      week: weekNumber,
      team: String(row.team),
      opponent: String(row.opponent),
      isHome: row.is_home === true || row.is_home === 't',
      ...statLineFromColumns(row),
    };
    (week.actual ??= []).push(line);
  }

  const projected = await executeRows<Record<string, unknown>>(
    db,
    sql`select pr.player_id, pr.season, pr.week, pr.source, pr.team, pr.opponent, pr.pred_mean, pr.stats,
               p.full_name, p.position
        from projections pr join players p on p.id = pr.player_id
        where pr.source in (${NFLCOM_SOURCE}, ${SLEEPER_SOURCE}, ${ESPN_SOURCE})`,
  );
  const slateRows = new Map<string, SlateRow>();
  for (const row of projected) {
    const position = String(row.position);
    const expert = EXPERT_OF_SOURCE[String(row.source)];
    if (!isPosition(position) || !expert) continue;
    const season = Number(row.season);
    const weekNumber = Number(row.week);
    const playerId = Number(row.player_id);
    const opponent = String(row.opponent ?? '');
    const key = `${season}:${weekNumber}:${playerId}`;
    let slateRow = slateRows.get(key);
    if (!slateRow) {
      slateRow = {
        playerId,
        name: String(row.full_name),
        position,
        season,
        week: weekNumber,
        team: String(row.team),
        opponent: '',
        isHome: true,
        experts: {},
      };
      slateRows.set(key, slateRow);
      weekOf(season, weekNumber).slate.push(slateRow);
    }
    // the first expert that knows the opponent ('KC' at home, '@KC' away) sets it
    if (slateRow.opponent === '' && opponent !== '') {
      slateRow.opponent = opponent.replace(/^@/, '');
      slateRow.isHome = !opponent.startsWith('@');
    }
    slateRow.experts[expert] = expertInput(expert, season, Number(row.pred_mean), parseStats(row.stats));
  }
  // rows in a stable order, so the model sees the same input on every run
  for (const week of weeks.values()) {
    week.slate.sort((a, b) => a.playerId - b.playerId);
    week.actual?.sort((a, b) => a.playerId - b.playerId);
  }
  return sortWeeks([...weeks.values()]);
}
