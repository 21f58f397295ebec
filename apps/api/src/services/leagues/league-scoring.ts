import { forbidden } from '../../errors.js';
import { toAppLeague as espnLeague } from '../../integrations/espn/normalize.js';
import { toAppLeague as sleeperLeague } from '../../integrations/sleeper/normalize.js';
import type { AppDeps } from '../../deps.js';
import { findConnection, type LeaguePlatform } from './connections.js';
import { leagueNotFound } from './details-shape.js';
import { requireCurrentLeague } from './league-access.js';
import { findEspnLeague, readEspnCredentials } from './espn-link.js';
import type { ScoringRules } from '@fm/projections';
import { findUsersSleeperLeague } from './sleeper-membership.js';
import { yahooClientFor } from './yahoo-session.js';

/** A league's rules change once a season at most: read them again after this long. */
const LEAGUE_SCORING_TTL_MS = 10 * 60_000;
/** Leagues whose rules are held at once (deps.leagues.leagueScoringCache). */
export const LEAGUE_SCORING_MAX_ENTRIES = 2_000;

export interface LinkedLeagueScoring {
  platform: LeaguePlatform;
  leagueId: string;
  name: string;
  /** The league's Sleeper-style `scoring_settings`; empty when the league does not say how it scores. */
  scoring: ScoringRules;
}

const notLinked = (platform: LeaguePlatform) =>
  forbidden(`Link your ${platform === 'sleeper' ? 'Sleeper' : 'Yahoo'} account to use its leagues.`);

async function readLeagueScoring(
  deps: AppDeps,
  userId: string,
  platform: LeaguePlatform,
  leagueId: string,
): Promise<LinkedLeagueScoring> {
  const found = (name: string, scoring: ScoringRules) => ({ platform, leagueId, name, scoring });
  if (platform === 'espn') {
    // ESPN leagues are linked one by one: a league not linked is simply not one of yours.
    const row = await findEspnLeague(deps, userId, leagueId);
    if (!row) throw leagueNotFound();
    const league = espnLeague(
      await deps.leagues.espn.getLeague({
        leagueId: row.leagueId,
        season: row.season,
        credentials: readEspnCredentials(deps, row),
        isSummaryOnly: true,
      }),
    );
    return found(league.name, league.scoring_settings);
  }
  const connection = await findConnection(deps, userId, platform);
  if (!connection) throw notLinked(platform);
  if (platform === 'sleeper') {
    // Only a league of the caller's own account, found in its league lists before anything is asked about it.
    const league = await findUsersSleeperLeague(deps, connection.externalUserId, leagueId);
    if (!league) throw leagueNotFound();
    const app = sleeperLeague(league);
    return found(app.name, app.scoring_settings);
  }
  const league = await yahooClientFor(deps, connection).getLeague(leagueId);
  return found(league.name, league.scoring_settings);
}

/**
 * The own scoring rules of a league the user linked (Sleeper, Yahoo or ESPN), held a few minutes per user and
 * league. 404 for a league that is not one of theirs now: the link (and for Sleeper and ESPN the membership) is
 * checked at every call, only the rules are held.
 */
export async function loadLinkedLeagueScoring(
  deps: AppDeps,
  userId: string,
  platform: LeaguePlatform,
  leagueId: string,
): Promise<LinkedLeagueScoring> {
  await requireCurrentLeague(deps, userId, { platform, leagueId }, () => notLinked(platform));
  return deps.leagues.leagueScoringCache.getOrLoad(
    `${userId}:${platform}:${leagueId}`,
    LEAGUE_SCORING_TTL_MS,
    () => readLeagueScoring(deps, userId, platform, leagueId),
  );
}
