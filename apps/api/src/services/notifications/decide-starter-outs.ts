import { leagueWeekViews } from '@fm/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { readLeagueWeek } from '../leagues/details.js';
import type { LeaguePlatform } from '../leagues/connections.js';
import { callerRuns } from '../rest-of-season/caller-runs.js';
import { BACKGROUND_SLOT } from '../simulation/background-slot.js';
import { readSyncRecord } from '../sync-record/sync-record.js';
import { updateOutEpisodes } from './out-episodes.js';
import { recordNotifications, type NotificationEvent } from './record.js';
import { usersWantingKind } from './settings.js';
import { leaguePagePath, starterOutEvents } from './starter-out.js';

/** The leagues each person opened this season: theirs to be told about (no platform list is read for it). */
export async function leaguesOf(deps: AppDeps, userIds: string[], season: number) {
  if (userIds.length === 0) return new Map<string, { platform: LeaguePlatform; leagueId: string }[]>();
  const rows = await deps.database.db
    .selectDistinct({
      userId: leagueWeekViews.userId,
      platform: leagueWeekViews.platform,
      leagueId: leagueWeekViews.leagueId,
    })
    .from(leagueWeekViews)
    .where(and(eq(leagueWeekViews.season, season), inArray(leagueWeekViews.userId, userIds)));
  const byUser = new Map<string, { platform: LeaguePlatform; leagueId: string }[]>();
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ platform: row.platform as LeaguePlatform, leagueId: row.leagueId });
    byUser.set(row.userId, list);
  }
  return byUser;
}

/**
 * After the player directory changed: for everyone who turned starter_out on, each of their leagues' current week
 * is read with their own linked account, and a starter who will not play is recorded (once per player, week and
 * "ruled out" episode) for the notification queue to send. Answers how many notifications were new.
 */
export async function decideStarterOuts(deps: AppDeps, now = new Date()): Promise<number> {
  const record = await readSyncRecord(deps.database);
  const week = record.nflWeek;
  if (!week || week.seasonType !== 'regular') return 0;
  const people = await usersWantingKind(deps, 'starter_out');
  if (people.length === 0) return 0;
  const episodes = await updateOutEpisodes(deps, week);
  const leagues = await leaguesOf(
    deps,
    people.map((person) => person.userId),
    week.season,
  );
  const events: NotificationEvent[] = [];
  for (const person of people) {
    for (const league of leagues.get(person.userId) ?? []) {
      try {
        const { details } = await readLeagueWeek(deps, person.userId, league);
        // the replacement's matchup runs go to the simulation threads in the person's turn, never the event loop
        const runs = callerRuns(deps, { userId: person.userId, slot: BACKGROUND_SLOT });
        events.push(
          ...(await starterOutEvents(
            person.userId,
            { details, leaguePath: leaguePagePath(details), episodes },
            (input) => runs.winProbability(input),
            now,
          )),
        );
      } catch (error) {
        deps.log.warn({ err: error, ...league }, 'a league could not be read for starter_out');
      }
    }
  }
  const recorded = await recordNotifications(deps, events, now);
  if (recorded > 0) deps.notifications.wake();
  return recorded;
}
