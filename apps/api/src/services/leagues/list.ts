import { type AppLeague, type LeaguesAnswer, type LeagueSummary, nflSeasonOn } from '@fm/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { toAppLeague as toSleeperLeague } from '../../integrations/sleeper/normalize.js';
import { findConnection, type LeaguePlatform } from './connections.js';
import { currentNflSeason } from './current-season.js';
import { countLeagueRead } from './league-read-limit.js';
import { listEspnLeagueRows, listEspnLeagues } from './espn-link.js';
import { yahooClientFor } from './yahoo-session.js';

function summarize(league: AppLeague, platform: LeaguePlatform): LeagueSummary {
  return {
    league_id: league.league_id,
    name: league.name,
    total_rosters: league.total_rosters,
    season: league.season,
    status: league.status,
    avatar: league.avatar,
    platform,
    ...(league.username === undefined ? {} : { username: league.username }),
  };
}

/**
 * The leagues of the user's own linked accounts for `season` (default: the current NFL season).
 * Nothing linked → empty lists. One platform failing is reported in `errors`; all failing throws.
 */
export async function listLeagues(deps: AppDeps, userId: string, season?: number): Promise<LeaguesAnswer> {
  const [sleeperLink, yahooLink, espnRows] = await Promise.all([
    findConnection(deps, userId, 'sleeper'),
    findConnection(deps, userId, 'yahoo'),
    listEspnLeagueRows(deps, userId),
  ]);
  const isLinked = Boolean(sleeperLink || yahooLink || espnRows.length > 0);
  if (isLinked) await countLeagueRead(deps, userId);
  // Nothing linked: no reason to ask Sleeper which season it is.
  const seasonText =
    season !== undefined
      ? String(season)
      : isLinked
        ? await currentNflSeason(deps)
        : String(nflSeasonOn(new Date()));
  const loads: [LeaguePlatform, Promise<LeagueSummary[]> | undefined][] = [
    [
      'sleeper',
      sleeperLink &&
        deps.leagues.sleeper
          .getUserLeagues(sleeperLink.externalUserId, seasonText)
          .then((leagues) =>
            leagues
              .filter((league) => (league.sport ?? 'nfl') === 'nfl')
              .map((league) => summarize(toSleeperLeague(league, sleeperLink.username ?? ''), 'sleeper')),
          ),
    ],
    [
      'yahoo',
      yahooLink &&
        Promise.resolve()
          .then(() => yahooClientFor(deps, yahooLink).getUserLeagues(seasonText))
          .then((leagues) => leagues.map((league) => summarize(league, 'yahoo'))),
    ],
    [
      'espn',
      espnRows.length > 0
        ? listEspnLeagues(deps, userId, Number(seasonText)).then((leagues) =>
            leagues.map((league) => summarize(league, 'espn')),
          )
        : undefined,
    ],
  ];
  const answer: LeaguesAnswer = {
    data: { sleeper: [], yahoo: [], espn: [] },
    season: seasonText,
    errors: [],
  };
  const failures: unknown[] = [];
  for (const [platform, load] of loads) {
    if (!load) continue;
    try {
      answer.data[platform] = await load;
    } catch (error) {
      failures.push(error);
      deps.log.warn({ err: error, platform }, 'could not list linked leagues');
      answer.errors.push({
        platform,
        code: error instanceof AppError ? error.code : 'UPSTREAM_ERROR',
        message: error instanceof AppError ? error.message : 'Failed to load your leagues',
      });
    }
  }
  const linkedCount = loads.filter(([, load]) => load).length;
  if (linkedCount > 0 && failures.length === linkedCount) throw failures[0];
  return answer;
}
