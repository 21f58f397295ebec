import {
  type AppPlayer,
  type LeagueDetails,
  remainingRegularWeeks,
  rosterOf,
  teamNameOf,
  weekStarterIds,
} from '@fm/contract';
import { DEFAULT_ITERATIONS } from '@fm/engine';
import { notifications } from '@fm/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { readLeagueWeek } from '../leagues/details.js';
import type { LeaguePlatform } from '../leagues/connections.js';
import { callerRuns } from '../rest-of-season/caller-runs.js';
import { listFreeAgents } from '../rest-of-season/free-agents.js';
import { suggestTrades } from '../rest-of-season/trades-suggestions.js';
import { opponentOf, weekMatchupInput } from '../rest-of-season/week-matchup.js';
import { BACKGROUND_SLOT } from '../simulation/background-slot.js';
import { readSyncRecord } from '../sync-record/sync-record.js';
import { leaguesOf } from './decide-starter-outs.js';
import { localMinutes } from './quiet-hours.js';
import { recordNotifications } from './record.js';
import { leagueKeyOf, type NotificationPreferences, usersWantingKind } from './settings.js';
import { leaguePagePath } from './starter-out.js';
import { type LeagueDigest, weeklyDigestEvent } from './weekly-digest.js';

/** "Tuesday morning" in the person's time zone: from 08:00, and until noon for a process that was down at eight. */
export const DIGEST_FROM_MINUTES = 8 * 60;
export const DIGEST_UNTIL_MINUTES = 12 * 60;
/** How long a platform may take to answer the digest's read: no page waits on it. */
const PLATFORM_DEADLINE_MS = 60_000;
/** Free agents simulated for the digest's pick: the ten whose pickup raises the line-ups most (a season run each). */
export const DIGEST_FREE_AGENT_CANDIDATES = 10;

/** The date and weekday of `at` in `timeZone` (YYYY-MM-DD, 'Tue'). */
function localDay(at: Date, timeZone: string): { date: string; weekday: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, weekday: part('weekday') };
}

/** The person's local date when `at` is Tuesday morning where they are, else null. */
export function digestDayOf(at: Date, timeZone: string): string | null {
  const { date, weekday } = localDay(at, timeZone);
  if (weekday !== 'Tue') return null;
  const minutes = localMinutes(at, timeZone);
  return minutes >= DIGEST_FROM_MINUTES && minutes < DIGEST_UNTIL_MINUTES ? date : null;
}

const playersOf = (details: LeagueDetails, rosterId: number): AppPlayer[] => {
  const roster = rosterOf(details, rosterId);
  return roster ? [...roster.players.starters, ...roster.players.bench, ...roster.players.reserve] : [];
};

function nameOf(details: LeagueDetails, playerId: string): string {
  for (const roster of details.rosters) {
    const player = playersOf(details, roster.roster_id).find((entry) => entry.player_id === playerId);
    if (player) return player.name;
  }
  return playerId;
}

/**
 * One league's figures for the week ahead, each from the service the league page uses (free agents, trade
 * suggestions) or its engine input (the week's P(win)), all run on the simulation threads in the person's turn.
 * Null when the league has no regular-season week left or the person has no team in it.
 */
async function leagueDigestOf(
  deps: AppDeps,
  userId: string,
  league: { platform: LeaguePlatform; leagueId: string },
): Promise<LeagueDigest | null> {
  const background = { deadlineMs: PLATFORM_DEADLINE_MS };
  let { details } = await readLeagueWeek(deps, userId, { ...league, ...background });
  const [week] = remainingRegularWeeks(details);
  if (week === undefined) return null;
  // on a Tuesday the platform may still show the week just played: the digest looks at the one ahead
  if (week !== details.week)
    ({ details } = await readLeagueWeek(deps, userId, { ...league, week, ...background }));
  const rosterId = details.my_roster_id;
  if (rosterId === null) return null;
  const caller = { userId, slot: BACKGROUND_SLOT };
  const request = { ...league, week: details.week };
  const opponentId = opponentOf(details, rosterId);
  const winProbability = await callerRuns(deps, caller).winProbability(
    weekMatchupInput(details, rosterId, weekStarterIds(details, rosterId), [], DEFAULT_ITERATIONS),
  );
  const freeAgents = await listFreeAgents(deps, caller, { ...request, limit: DIGEST_FREE_AGENT_CANDIDATES });
  const pickup = freeAgents.data.find((row) => row.has_projection && row.delta_playoff_probability > 0);
  const [trade] = (await suggestTrades(deps, caller, { ...request, limit: 1 })).data;
  return {
    leagueName: details.league.name,
    leaguePath: leaguePagePath(details),
    week: details.week,
    matchup:
      winProbability !== null && opponentId !== null
        ? {
            winProbability,
            opponentName: teamNameOf(details.rosters.find((roster) => roster.roster_id === opponentId)),
          }
        : null,
    freeAgent: pickup
      ? {
          name: pickup.name,
          position: pickup.position,
          team: pickup.team,
          deltaPlayoffs: pickup.delta_playoff_probability,
        }
      : null,
    trade: trade
      ? {
          partnerName: teamNameOf(
            details.rosters.find((roster) => roster.roster_id === trade.partner_roster_id),
          ),
          give: trade.give.map((id) => nameOf(details, id)),
          get: trade.get.map((id) => nameOf(details, id)),
          deltaPlayoffs: trade.you.delta_playoff_probability,
        }
      : null,
    injured: playersOf(details, rosterId).flatMap((player) => {
      const status = player.injury_status?.trim();
      return status ? [{ name: player.name, position: player.position, status }] : [];
    }),
  };
}

/** The people whose digest of this Tuesday (their local date) is recorded already, on any channel. */
async function alreadyDigested(
  deps: AppDeps,
  due: readonly { userId: string; date: string }[],
): Promise<Set<string>> {
  if (due.length === 0) return new Set();
  const rows = await deps.database.db
    .selectDistinct({ userId: notifications.userId, subject: notifications.subject })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, 'weekly_digest'),
        inArray(
          notifications.userId,
          due.map((person) => person.userId),
        ),
      ),
    );
  const held = new Set(rows.map((row) => `${row.userId}:${row.subject}`));
  return new Set(
    due.filter((person) => held.has(`${person.userId}:digest:${person.date}`)).map((p) => p.userId),
  );
}

/**
 * In the regular season (as the NFL state was last synced), for everyone who turned weekly_digest on and for whom
 * it is Tuesday morning: each league they opened this season (not muted) is looked at for the week ahead, and one digest is recorded per person and Tuesday for the queue to
 * send (held to the end of quiet hours like any other). People go one at a time, so the digests' simulations hold
 * one call's runs on the threads at most. Answers how many notifications were new.
 */
export async function decideWeeklyDigests(deps: AppDeps, now = new Date()): Promise<number> {
  const nflWeek = (await readSyncRecord(deps.database)).nflWeek;
  if (!nflWeek || nflWeek.seasonType !== 'regular') return 0;
  const people = await usersWantingKind(deps, 'weekly_digest');
  const due = people.flatMap((person) => {
    const date = digestDayOf(now, person.timeZone);
    return date ? [{ person, userId: person.userId, date }] : [];
  });
  const done = await alreadyDigested(deps, due);
  const pending = due.filter((entry) => !done.has(entry.userId));
  if (pending.length === 0) return 0;
  const season = nflWeek.season;
  const leagues = await leaguesOf(
    deps,
    pending.map((entry) => entry.userId),
    season,
  );
  let recorded = 0;
  for (const { person, userId, date } of pending) {
    const digests = await digestsOf(deps, person, leagues.get(userId) ?? []);
    const event = weeklyDigestEvent(userId, date, season, digests, now);
    if (!event) continue;
    recorded += await recordNotifications(deps, [event], now);
    deps.notifications.wake();
  }
  return recorded;
}

async function digestsOf(
  deps: AppDeps,
  person: NotificationPreferences,
  leagues: readonly { platform: LeaguePlatform; leagueId: string }[],
): Promise<LeagueDigest[]> {
  const digests: LeagueDigest[] = [];
  for (const league of leagues) {
    if (person.mutedLeagues.has(leagueKeyOf(league.platform, league.leagueId))) continue;
    try {
      const digest = await leagueDigestOf(deps, person.userId, league);
      if (digest) digests.push(digest);
    } catch (error) {
      deps.log.warn({ err: error, ...league }, 'a league could not be read for the weekly digest');
    }
  }
  return digests;
}
