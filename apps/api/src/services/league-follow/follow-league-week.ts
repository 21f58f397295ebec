import type { AppDeps } from '../../deps.js';
import { storeEspnProjections } from '../data-sync/espn-projections.js';
import {
  type LeagueDetails,
  type LeagueWeekRead,
  type LeagueWeekRequest,
  readLeagueWeek,
} from '../leagues/details.js';
import { countLeagueRead } from '../leagues/league-read-limit.js';
import { leagueViewerKey, noteLeagueWeekView, recordMatchupTimelines } from '../win-probability/timeline.js';

/**
 * A league page opened by its viewer: counted against their league reads before the platform is asked, the league
 * week read (readLeagueWeek) with the Sleeper ids our players already carry (linking them is a write: the linker,
 * deps.sleeperIds, does it at start, daily, after imports and league links),
 * then followed (followLeagueWeek) once the answer is on its way: the page does not wait for those writes, and the
 * viewer's timeline reads wait for them (loadMatchupTimeline). Simulations and the timeline recorder read the week
 * alone.
 */
export async function openLeagueWeek(
  deps: AppDeps,
  userId: string,
  request: LeagueWeekRequest,
): Promise<LeagueDetails> {
  await countLeagueRead(deps, userId);
  const read = await readLeagueWeek(deps, userId, request);
  const { platform, league, week } = read.details;
  deps.afterAnswer.run(`${leagueViewerKey(userId, platform, league.league_id)}${week}`, () =>
    followLeagueWeek(deps, userId, read),
  );
  return read.details;
}

/**
 * What opening a league page writes. ESPN's projections of its players feed our model (a second expert beside
 * Sleeper's). The viewer is noted: they may then read the league's timelines, and the timeline recorder
 * (timeline-recorder.ts) records every later stats change of the league. While the week is played, its matchups'
 * win probability is recorded for this stats state unless it is held: a league opened for the first time has its
 * point at once, and an answer never shows a stats state its timeline lacks.
 */
export async function followLeagueWeek(
  deps: AppDeps,
  userId: string,
  { details, espnProjections }: LeagueWeekRead,
): Promise<void> {
  const { platform, league, week } = details;
  if (espnProjections) {
    await storeEspnProjections(deps, espnProjections).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'ESPN projections of a league page not stored');
    });
  }
  try {
    await noteLeagueWeekView(deps, {
      platform,
      leagueId: league.league_id,
      season: Number(league.season),
      week,
      userId,
    });
    if (!details.is_week_complete) await recordMatchupTimelines(deps, details);
  } catch (error) {
    deps.log.warn(
      { err: error, platform, leagueId: league.league_id },
      'win-probability timeline not recorded',
    );
  }
}
