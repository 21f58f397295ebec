import type { ScoringReconciliation } from '@fm/contract';
import { appState, playerWeekStats } from '@fm/db';
import { statLineOf, STAT_KEYS } from '@fm/projections';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type LeagueDetails, readLeagueWeek } from '../leagues/details.js';
import { leagueWeekViewers } from '../leagues/week-viewers.js';
import { isEveryGameOver } from '../live-games/player-games.js';
import { COLUMN_OF_STAT } from '../nfl-stats/stat-columns.js';

/** Where the last reconciliation's outcome is kept (app_state), for System Health. */
export const SCORING_RECONCILIATION_KEY = 'scoring-reconciliation';
/** Points closer than this are the same figure (both sides round to the hundredth). */
const SAME_POINTS = 0.01;
/** The largest differences kept with the outcome. */
const WORST_KEPT = 10;
/** At most this many leagues are compared per week (the most recently opened first). */
const MAX_LEAGUES = 200;

type Difference = ScoringReconciliation['worst'][number];

/** The week is over for this league: the platform says so, or every NFL game of the week is over. */
function isFinished(details: LeagueDetails): boolean {
  return details.is_week_complete || isEveryGameOver(details.games);
}

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
 * points; how many agree within 0.01 and the worst differences with the stats behind them. Stored for System
 * Health and answered. A separate step its caller makes on purpose (after the week), never a page read's effect.
 */
export async function reconcileWeek(
  deps: AppDeps,
  week: { season: number; week: number },
): Promise<ScoringReconciliation> {
  const leagues = await leagueWeekViewers(deps, week, { max: MAX_LEAGUES });
  let compared = 0;
  let within = 0;
  let leagueCount = 0;
  const differences: (Omit<Difference, 'stats'> & { appId: number | undefined })[] = [];
  for (const { platform, leagueId, userId } of leagues) {
    let details: LeagueDetails;
    try {
      ({ details } = await readLeagueWeek(deps, userId, { platform, leagueId, week: week.week }));
    } catch (error) {
      deps.log.warn({ err: error, platform, leagueId }, 'a league could not be read for the scoring check');
      continue;
    }
    if (!isFinished(details)) continue;
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
  };
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
  return (row?.value as ScoringReconciliation | undefined) ?? null;
}
