import type { AppDeps } from '../../deps.js';
import { unauthenticated } from '../../errors.js';
import type { ScoringViewer } from '../auth/scoring-preference.js';
import type { LeaguePlatform } from '../leagues/connections.js';
import { loadLinkedLeagueScoring } from '../leagues/league-scoring.js';
import { formatScoring, leagueScoringChoice, type ListScoring, type ScoringChoice } from './list-scoring.js';

/**
 * The scoring a projections list is answered in: the named league's own rules (a league the caller linked), else
 * the format asked for, else the caller's saved format, else PPR.
 */
export async function resolveListScoring(
  deps: AppDeps,
  viewer: ScoringViewer | null,
  asked: {
    scoring?: ListScoring | undefined;
    league?: { platform: LeaguePlatform; leagueId: string } | undefined;
  },
): Promise<ScoringChoice> {
  if (asked.league) {
    if (!viewer) throw unauthenticated("Log in to see projections in one of your leagues' scoring.");
    const { platform, leagueId } = asked.league;
    return leagueScoringChoice(await loadLinkedLeagueScoring(deps, viewer.id, platform, leagueId));
  }
  if (asked.scoring) return formatScoring(asked.scoring);
  return formatScoring(viewer?.scoringFormat ?? 'ppr');
}
