import { appState, executeRows } from '@fm/db';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { LAST_IMPORT_KEY } from '../nfl-import/import-nfl-data.js';
import { STALE_RUN_MS } from './data-sync.js';
import { readSyncRecord } from '../sync-record/sync-record.js';

const seasonWeeksSchema = z.object({ season: z.number().int(), weeks: z.array(z.number().int()) });

export const dataSourceSchema = z.object({
  id: z.enum(['sleeper', 'espn', 'nflcom', 'import']),
  name: z.string(),
  description: z.string(),
  /** Sleeper: synced on a schedule; the others load when someone imports. */
  isScheduled: z.boolean(),
  intervalMinutes: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  lastRowsChanged: z.number().int().nullable(),
  /** Weeks with this source's projections, newest season first. */
  projectionWeeks: z.array(seasonWeeksSchema),
  /** Weeks whose results (stat lines) this source delivered and holds as final. */
  statWeeks: z.array(seasonWeeksSchema),
  nflWeek: z.object({ season: z.number().int(), week: z.number().int(), seasonType: z.string() }).nullable(),
  running: z
    .object({ startedAt: z.string(), step: z.string(), done: z.number().int(), total: z.number().int() })
    .nullable(),
});

export const dataSourcesSchema = z.object({ sources: z.array(dataSourceSchema) });
export type DataSources = z.output<typeof dataSourcesSchema>;

function groupWeeks(rows: { season: number; week: number }[]): z.output<typeof seasonWeeksSchema>[] {
  const bySeason = new Map<number, number[]>();
  for (const { season, week } of rows) bySeason.set(season, [...(bySeason.get(season) ?? []), week]);
  return [...bySeason]
    .sort(([a], [b]) => b - a)
    .map(([season, weeks]) => ({ season, weeks: [...new Set(weeks)].sort((a, b) => a - b) }));
}

function parseWeekKeys(keys: readonly string[]): { season: number; week: number }[] {
  return keys.map((key) => {
    const [season, week] = key.split(':').map(Number);
    return { season: season!, week: week! };
  });
}

/** Per source: when it last ran and succeeded, what it holds, and its last error (the admin Sources tab). */
export async function getDataSources(deps: Pick<AppDeps, 'config' | 'database'>): Promise<DataSources> {
  const [record, weekRows, importRow] = await Promise.all([
    readSyncRecord(deps.database),
    executeRows<{ source: string; season: number; week: number }>(
      deps.database.db,
      sql`select distinct source, season, week from projections where source <> 'model'`,
    ),
    deps.database.db.select().from(appState).where(eq(appState.key, LAST_IMPORT_KEY)).limit(1),
  ]);
  const weeksOf = (source: string) =>
    groupWeeks(
      weekRows
        .filter((row) => row.source === source)
        .map((row) => ({ season: Number(row.season), week: Number(row.week) })),
    );
  const running =
    record.running && Date.now() - Date.parse(record.running.startedAt) < STALE_RUN_MS
      ? record.running
      : null;
  const nflImport = importRow[0]?.value as { importedAt?: string; totalChanged?: number } | undefined;
  const sleeperFinalWeeks = parseWeekKeys(record.finalStatWeeks);
  const nflWeek = record.nflWeek;
  const liveWeek =
    nflWeek?.seasonType === 'regular' && nflWeek.week >= 1
      ? [{ season: nflWeek.season, week: nflWeek.week }]
      : [];
  return {
    sources: [
      {
        id: 'sleeper',
        name: 'Sleeper',
        description: `Players, injuries, weekly stats and projections from ${new URL(deps.config.sleeperApiUrl).host}`,
        isScheduled: deps.config.dataSyncMinutes > 0,
        intervalMinutes: deps.config.dataSyncMinutes > 0 ? deps.config.dataSyncMinutes : null,
        lastAttemptAt: record.lastAttemptAt,
        lastSuccessAt: record.lastSuccessAt,
        lastError: record.lastError,
        consecutiveFailures: record.consecutiveFailures,
        lastRowsChanged: record.lastAttemptAt ? record.lastRowsChanged : null,
        projectionWeeks: weeksOf('sleeper'),
        statWeeks: groupWeeks([...sleeperFinalWeeks, ...liveWeek]),
        nflWeek,
        running,
      },
      {
        id: 'espn',
        name: 'ESPN projections',
        description: `ESPN's weekly projections: its public player pool at ${new URL(deps.config.espnApiUrl).host}, read by each Sleeper sync, and the rostered players of every ESPN league page opened`,
        isScheduled: deps.config.dataSyncMinutes > 0,
        intervalMinutes: deps.config.dataSyncMinutes > 0 ? deps.config.dataSyncMinutes : null,
        lastAttemptAt: record.espnAttemptAt,
        lastSuccessAt: record.espnSuccessAt,
        lastError: record.espnError,
        consecutiveFailures: record.espnError === null ? 0 : 1,
        lastRowsChanged: null,
        projectionWeeks: weeksOf('espn'),
        statWeeks: [],
        nflWeek: null,
        running: null,
      },
      {
        id: 'nflcom',
        name: 'NFL.com files',
        description: deps.config.nflDataDir
          ? `Weekly CSVs imported from NFL_DATA_DIR (${deps.config.nflDataDir})`
          : 'Weekly CSVs, imported from NFL_DATA_DIR at first start or with npm run data:import',
        isScheduled: false,
        intervalMinutes: null,
        lastAttemptAt: nflImport?.importedAt ?? null,
        lastSuccessAt: nflImport?.importedAt ?? null,
        lastError: null,
        consecutiveFailures: 0,
        lastRowsChanged: nflImport?.totalChanged ?? null,
        projectionWeeks: weeksOf('nflcom'),
        statWeeks: [],
        nflWeek: null,
        running: null,
      },
      {
        id: 'import',
        name: 'Admin CSV imports',
        description: 'Projections uploaded on the Import tab',
        isScheduled: false,
        intervalMinutes: null,
        lastAttemptAt: null,
        lastSuccessAt: null,
        lastError: null,
        consecutiveFailures: 0,
        lastRowsChanged: null,
        projectionWeeks: weeksOf('import'),
        statWeeks: [],
        nflWeek: null,
        running: null,
      },
    ],
  };
}
