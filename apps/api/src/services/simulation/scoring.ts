import type { AppDeps } from '../../deps.js';
import { isPlatform } from '@fm/contract';
import { loadLinkedLeagueScoring } from '../leagues/league-scoring.js';
import { loadLeagueProjections } from '../leagues/projections.js';
import type { ScoringRules } from '@fm/projections';
import type { LineupPlayer } from './players.js';
import type { MatchupRequest } from './request.js';

/** Where a simulation's scoring came from: the request, the league it names, or none (the stored PPR). */
export type ScoringSource = 'request' | 'league' | 'ppr';

async function leagueScoring(
  deps: AppDeps,
  userId: string | null,
  platform: string,
  leagueId: string,
): Promise<ScoringRules | null> {
  // Only a league of the caller's own linked account (Sleeper, Yahoo or ESPN).
  if (!userId || !isPlatform(platform)) return null;
  return (await loadLinkedLeagueScoring(deps, userId, platform, leagueId)).scoring;
}

/**
 * The scoring a simulation uses: the request's own `scoring_settings`, else the rules of the league it names
 * (league_id + platform, only a league of the caller's own linked account), else none: the stored PPR projections,
 * also when the league cannot be read (unknown, or its platform is down). The answer's `scoring` says which.
 * The league page's preview scores projections with the same rules, so both show the same numbers.
 */
export async function resolveRequestScoring(
  deps: AppDeps,
  userId: string | null,
  request: Pick<MatchupRequest, 'scoring' | 'leagueId' | 'platform'>,
): Promise<{ scoring: ScoringRules | null; source: ScoringSource }> {
  if (request.scoring && Object.keys(request.scoring).length > 0) {
    return { scoring: request.scoring, source: 'request' };
  }
  const { leagueId, platform } = request;
  if (!leagueId || !platform) return { scoring: null, source: 'ppr' };
  const scoring = await leagueScoring(deps, userId, platform, leagueId).catch((error: unknown) => {
    deps.log.warn({ err: error, platform, leagueId }, 'league scoring unavailable: simulating in PPR');
    return null;
  });
  return scoring && Object.keys(scoring).length > 0
    ? { scoring, source: 'league' }
    : { scoring: null, source: 'ppr' };
}

/**
 * The line-up players with their projections re-scored in `scoring` (as the league page shows them). Players
 * without a Sleeper id, or whose projection has no stat line, keep the PPR projection.
 */
export async function withLeagueScoring(
  deps: AppDeps,
  players: LineupPlayer[],
  week: { season: number; week: number } | null,
  scoring: ScoringRules | null,
): Promise<LineupPlayer[]> {
  if (!scoring || !week) return players;
  const sleeperIds = players.flatMap((player) => (player.sleeperId ? [player.sleeperId] : []));
  const scored = await loadLeagueProjections(deps, { sleeperIds, ...week, scoring });
  return players.map((player) => {
    const projection = player.sleeperId ? scored.get(player.sleeperId) : undefined;
    if (!projection || !player.projection) return player;
    const { mean, std, p10, p50, p90 } = projection;
    return { ...player, projection: { predMean: mean, predStd: std, p10, p50, p90 } };
  });
}
