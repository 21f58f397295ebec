import { rulesOrPreset } from '@fm/projections';
import type { AppDeps } from '../../deps.js';
import { unauthenticated } from '../../errors.js';
import { formatScoring, type ListScoring, type ScoringChoice } from '../projections/list-scoring.js';
import type { LeaguePlatform } from './connections.js';
import { type LinkedLeagueScoring, loadLinkedLeagueScoring } from './league-scoring.js';

/**
 * The scoring a projections list is answered in: the named league's own rules (a league the caller linked), else
 * the format asked for, else the caller's saved format (auth's ScoringViewer), else PPR.
 */
export async function resolveListScoring(
  deps: AppDeps,
  viewer: { id: string; scoringFormat: ListScoring | null } | null,
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

/** A league's own rules (PPR when the league does not say how it scores). */
function leagueScoringChoice(league: LinkedLeagueScoring): ScoringChoice {
  const rules = rulesOrPreset(league.scoring);
  const sorted = Object.entries(rules).sort(([a], [b]) => a.localeCompare(b));
  return {
    kind: 'league',
    rules,
    key: `league:${JSON.stringify(sorted)}`,
    league: { platform: league.platform, league_id: league.leagueId, name: league.name },
  };
}
