import { PLATFORM_LABELS, type ScoringReconciliation } from '@fm/contract';
import { appState, playerWeekStats } from '@fm/db';
import { statLineOf, STAT_KEYS } from '@fm/projections';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type LeagueDetails, readLeagueWeek } from '../leagues/details.js';
import { leagueWeekViewers } from '../leagues/week-viewers.js';
import { COLUMN_OF_STAT } from '../nfl-stats/stat-columns.js';
import { AppError } from '../../errors.js';
import { withFreshLeagueReads } from './fresh-reads.js';

/** Where the last reconciliation's outcome is kept (app_state), for System Health. */
export const SCORING_RECONCILIATION_KEY = 'scoring-reconciliation';
/** Points closer than this are the same figure (both sides round to the hundredth). */
const SAME_POINTS = 0.01;
/** The largest differences kept with the outcome. */
const WORST_KEPT = 10;
/** At most this many leagues are compared per week (the most recently opened first). */
export const MAX_LEAGUES = 200;
/** A background run may wait for a slow platform longer than a page does (the HTTP client bounds each try). */
const READ_DEADLINE_MS = 20_000;

type Difference = ScoringReconciliation['worst'][number];
type Skipped = ScoringReconciliation['skipped'][number];

/** Why a league could not be read: the platform's own words when it refused or failed, never a stack or a URL. */
function unreadReason(error: unknown, platform: string): string {
  if (error instanceof AppError) return error.message;
  return `${PLATFORM_LABELS[platform as keyof typeof PLATFORM_LABELS] ?? platform} did not answer with the league.`;
}

/** Reports how many of the week's leagues are read so far (a run's progress on System Health). */
export type ReconciliationProgress = (progress: {
  leagues_total: number;
  leagues_read: number;
}) => Promise<void>;

/** Each player the platform scored and we scored too: [player_id, ours, the platform's, roster player]. */
function comparedPlayers(details: LeagueDetails) {
  const rostered = new Map(
    details.rosters.flatMap((roster) =>
      [...roster.players.starters, ...roster.players.bench, ...roster.players.reserve].map(
        (player) => [player.player_id, player] as const,
      ),
    ),
  );
  return details.matchups.flatMap((matchup) =>
    Object.entries(matchup.players_points).flatMap(([playerId, platformPoints]) => {
      const ours = details.stats_points[playerId];
      return ours === undefined ? [] : [{ playerId, ours, platformPoints, player: rostered.get(playerId) }];
    }),
  );
}

/** The non-zero stats of our stored line for these players, keyed by stored column, by our player id. */
async function statsOf(deps: AppDeps, week: { season: number; week: number }, ids: number[]) {
  if (ids.length === 0) return new Map<number, Record<string, number>>();
  const rows = await deps.database.db
    .select()
    .from(playerWeekStats)
    .where(
      and(
        inArray(playerWeekStats.playerId, ids),
        eq(playerWeekStats.season, week.season),
        eq(playerWeekStats.week, week.week),
      ),
    );
  return new Map(
    rows.map((row) => {
      const line = statLineOf(row);
      const stats: Record<string, number> = {};
      for (const key of STAT_KEYS) if (line[key] !== 0) stats[COLUMN_OF_STAT[key]] = line[key];
      return [row.playerId, stats];
    }),
  );
}

/**
 * After a finished week: for every league someone opened that week (with the most recent viewer's linked
 * account), our scorer's points on the stored stats in the league's rules against the platform's own per-player
 * points, read afresh (never an answer cached during the games) and only once the platform has closed the week
 * (its numbers are final then; right after the last game it may still show halftime points, or none); how many
 * agree within 0.01, the worst differences with the stats behind them, and each league not compared with why.
 * Stored for System Health and answered. Run by the reconciliation job (reconciliation-job.ts), never in a request.
 */
export async function reconcileWeek(
  deps: AppDeps,
  week: { season: number; week: number },
  onProgress: ReconciliationProgress = async () => {},
): Promise<ScoringReconciliation> {
  const leagues = await leagueWeekViewers(deps, week, { max: MAX_LEAGUES });
  const fresh = withFreshLeagueReads(deps);
  let compared = 0;
  let within = 0;
  let leagueCount = 0;
  const skipped: Skipped[] = [];
  const differences: (Omit<Difference, 'stats'> & { appId: number | undefined })[] = [];
  for (const [index, { platform, leagueId, userId }] of leagues.entries()) {
    await onProgress({ leagues_total: leagues.length, leagues_read: index });
    let details: LeagueDetails;
    try {
      ({ details } = await readLeagueWeek(fresh, userId, {
        platform,
        leagueId,
        week: week.week,
        deadlineMs: READ_DEADLINE_MS,
      }));
    } catch (error) {
      deps.log.warn({ err: error, platform, leagueId }, 'a league could not be read for the scoring check');
      skipped.push({ platform, league_id: leagueId, reason: unreadReason(error, platform) });
      continue;
    }
    if (!details.is_week_complete) {
      const name = PLATFORM_LABELS[platform];
      skipped.push({
        platform,
        league_id: leagueId,
        reason: `${name} has not closed week ${week.week} yet: its points are not final.`,
      });
      continue;
    }
    leagueCount += 1;
    for (const { playerId, ours, platformPoints, player } of comparedPlayers(details)) {
      compared += 1;
      const difference = Math.round((ours - platformPoints) * 100) / 100;
      if (Math.abs(difference) <= SAME_POINTS) {
        within += 1;
        continue;
      }
      differences.push({
        platform,
        league_id: leagueId,
        player_id: playerId,
        name: player?.name ?? playerId,
        position: player?.position ?? '',
        ours,
        platform_points: platformPoints,
        difference,
        appId: details.app_player_ids[playerId],
      });
    }
  }
  const worst = differences
    .sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference))
    .slice(0, WORST_KEPT);
  const stats = await statsOf(
    deps,
    week,
    worst.flatMap((entry) => (entry.appId === undefined ? [] : [entry.appId])),
  );
  const outcome: ScoringReconciliation = {
    ...week,
    checked_at: new Date().toISOString(),
    leagues: leagueCount,
    players_compared: compared,
    within_hundredth: within,
    worst: worst.map(({ appId, ...entry }) => ({
      ...entry,
      stats: (appId === undefined ? undefined : stats.get(appId)) ?? {},
    })),
    skipped,
  };
  await onProgress({ leagues_total: leagues.length, leagues_read: leagues.length });
  const now = new Date();
  await deps.database.db
    .insert(appState)
    .values({ key: SCORING_RECONCILIATION_KEY, value: outcome, updatedAt: now })
    .onConflictDoUpdate({ target: appState.key, set: { value: outcome, updatedAt: now } });
  return outcome;
}

/** The last reconciliation's outcome; null before the first. */
export async function readScoringReconciliation(
  deps: Pick<AppDeps, 'database'>,
): Promise<ScoringReconciliation | null> {
  const [row] = await deps.database.db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, SCORING_RECONCILIATION_KEY))
    .limit(1);
  const outcome = row?.value as ScoringReconciliation | undefined;
  // outcomes stored before leagues not compared were kept have no list
  return outcome ? { ...outcome, skipped: outcome.skipped ?? [] } : null;
}
