import type { AppDeps } from '../../deps.js';
import { readLeagueWeek } from '../leagues/details.js';
import { loadPlayoffLeverage } from '../rest-of-season/playoff-leverage.js';
import { BACKGROUND_SLOT } from '../simulation/background-slot.js';
import { readSyncRecord } from '../sync-record/sync-record.js';
import { leaguesOf } from './decide-starter-outs.js';
import { closeGameEvent, finalResultEvent, myMatchup } from './game-results.js';
import { isRecorded, recordNotifications, type NotificationEvent } from './record.js';
import { usersWantingKind } from './settings.js';
import { leaguePagePath } from './starter-out.js';

/** P(playoffs) after the result: the leverage's figure for the side of the game that happened. */
async function playoffChancesAfter(
  deps: AppDeps,
  userId: string,
  league: { platform: 'sleeper' | 'yahoo' | 'espn'; leagueId: string; week: number },
  rosterId: number,
  hasWon: boolean,
): Promise<number | null> {
  try {
    const { data } = await loadPlayoffLeverage(deps, { userId, slot: BACKGROUND_SLOT }, league);
    const mine = data.find((row) => row.roster_id === rosterId);
    return mine ? (hasWon ? mine.p_playoffs_if_win : mine.p_playoffs_if_loss) : null;
  } catch (error) {
    deps.log.warn({ err: error, ...league }, 'playoff chances could not be computed for a final result');
    return null;
  }
}

/**
 * After a game-day stats change: for everyone who turned final_result or close_game on, each of their leagues'
 * week is read with their own account; a matchup just over is recorded as a final_result, one coming down to its
 * last game as a close_game (each once per league and week). Answers how many notifications were new.
 */
export async function decideGameResults(deps: AppDeps, now = new Date()): Promise<number> {
  const [finals, closes] = await Promise.all([
    usersWantingKind(deps, 'final_result'),
    usersWantingKind(deps, 'close_game'),
  ]);
  const wantsFinal = new Set(finals.map((person) => person.userId));
  const wantsClose = new Set(closes.map((person) => person.userId));
  const userIds = [...new Set([...wantsFinal, ...wantsClose])];
  if (userIds.length === 0) return 0;
  // leagues opened in the NFL season last synced: a season runs into the next year, and a replayed one is past
  const nflWeek = (await readSyncRecord(deps.database)).nflWeek;
  if (!nflWeek) return 0;
  const leagues = await leaguesOf(deps, userIds, nflWeek.season);
  const events: NotificationEvent[] = [];
  for (const userId of userIds) {
    for (const league of leagues.get(userId) ?? []) {
      try {
        const { details } = await readLeagueWeek(deps, userId, league);
        const ref = { userId, details, leaguePath: leaguePagePath(details) };
        if (wantsClose.has(userId)) {
          const close = closeGameEvent(ref, now);
          if (close) events.push(close);
        }
        const matchup = wantsFinal.has(userId) ? myMatchup(details) : null;
        if (!matchup) continue;
        const draft = finalResultEvent(ref, null, now);
        if (!draft) continue;
        // the season runs are paid only for a result not already recorded
        const chances = !(await isRecorded(deps, draft))
          ? await playoffChancesAfter(
              deps,
              userId,
              { platform: league.platform, leagueId: league.leagueId, week: details.week },
              matchup.me.rosterId,
              matchup.me.points > matchup.them.points,
            )
          : null;
        events.push(finalResultEvent(ref, chances, now)!);
      } catch (error) {
        deps.log.warn({ err: error, ...league }, 'a league could not be read for its game results');
      }
    }
  }
  const recorded = await recordNotifications(deps, events, now);
  if (recorded > 0) deps.notifications.wake();
  return recorded;
}
