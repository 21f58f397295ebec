import { executeRows } from '@fm/db';
import { sql } from 'drizzle-orm';
import type { DataDeps } from '../../core-deps.js';
import { createDataCache } from '../data-changes/data-cache.js';
import { teamWeekTotals, type TeamWeekTotals } from './advanced-metrics.js';
import { fantasyPoints } from './fantasy-points.js';
import { columnsOfStatLine, hasAnyStat, statLineFromColumns } from './stat-columns.js';
import type { WeekLine } from './week-line.js';

export interface SeasonLines {
  season: number;
  lines: WeekLine[];
  byPlayer: Map<number, WeekLine[]>;
  /** `${team}:${week}` → the team's usage that week. */
  teamTotals: TeamWeekTotals;
}

const cachedSeason = createDataCache<SeasonLines>({ maxEntries: 12 });
const cachedSeasons = createDataCache<number[]>({ maxEntries: 4 });

/** Seasons with weekly stats, newest first. */
export function loadStatSeasons({ database, dataVersion }: DataDeps): Promise<number[]> {
  return cachedSeasons({ dataVersion }, 'stat-seasons', async () => {
    const rows = await executeRows<{ season: number }>(
      database.db,
      sql`select distinct season from player_week_stats order by season desc`,
    );
    return rows.map((row) => Number(row.season));
  });
}

/** Every stat line of a season, in week order, held in memory until the next import. */
export function loadSeasonLines({ database, dataVersion }: DataDeps, season: number): Promise<SeasonLines> {
  return cachedSeason({ dataVersion }, `season:${season}`, async () => {
    const rows = await executeRows<Record<string, unknown>>(
      database.db,
      sql`select s.*, p.full_name, p.position
          from player_week_stats s join players p on p.id = s.player_id
          where s.season = ${season}
          order by s.week, s.player_id`,
    );
    const lines = rows.map(toWeekLine);
    const byPlayer = new Map<number, WeekLine[]>();
    for (const line of lines) {
      const list = byPlayer.get(line.playerId);
      if (list) list.push(line);
      else byPlayer.set(line.playerId, [line]);
    }
    return { season, lines, byPlayer, teamTotals: teamWeekTotals(lines) };
  });
}

function toWeekLine(row: Record<string, unknown>): WeekLine {
  const line = statLineFromColumns(row);
  const stats = columnsOfStatLine(line);
  const extra = parseExtra(row.extra);
  return {
    playerId: Number(row.player_id),
    playerName: String(row.full_name),
    position: String(row.position),
    team: String(row.team),
    week: Number(row.week),
    opponent: String(row.opponent),
    isHome: row.is_home === true || row.is_home === 't',
    stats,
    receptionPct:
      row.reception_pct === null || row.reception_pct === undefined ? null : Number(row.reception_pct),
    extra,
    points: fantasyPoints(line, String(row.position)),
    hasPlayed: hasAnyStat(stats) || (extra !== null && Object.values(extra).some((v) => v !== 0)),
  };
}

function parseExtra(value: unknown): Record<string, number> | null {
  const object = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!object || typeof object !== 'object') return null;
  const numbers = Object.entries(object as Record<string, unknown>).filter(([, v]) => typeof v === 'number');
  return numbers.length > 0 ? (Object.fromEntries(numbers) as Record<string, number>) : null;
}
