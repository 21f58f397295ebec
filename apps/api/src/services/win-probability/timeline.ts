import type { LeagueDetails } from '@fm/contract';
import { leagueWeekViews, winProbabilityPoints } from '@fm/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { LeaguePlatform } from '../leagues/connections.js';
import { leagueNotFound } from '../leagues/details-shape.js';
import { requireCurrentLeague } from '../leagues/league-access.js';
import { gameTimeElapsed, matchupPairs, pointsSoFar, toTimelineInput } from './matchup-input.js';

/** Every point of every timeline is computed with this seed: equal inputs give equal numbers on any process. */
export const TIMELINE_SEED = 19;
/** Enough for a line on a chart (standard error under 0.7 points of percentage). */
export const TIMELINE_ITERATIONS = 5_000;

/**
 * A process writes the same viewer's view of a league week at most this often: a league stays followed for days,
 * and every push makes each open page load the league again.
 */
export const VIEW_REWRITE_MS = 10 * 60_000;
/** How long a process trusts that a league week's matchups all have their point for a data version. */
const RECORDED_TRUST_MS = 60_000;

/** Remembers that `userId` opened this league's week (the live sync recomputes its matchups on stats changes). */
export async function noteLeagueWeekView(
  deps: AppDeps,
  view: { platform: string; leagueId: string; season: number; week: number; userId: string },
): Promise<void> {
  const { views } = deps.timelineWrites;
  const key = `${view.platform}:${view.leagueId}:${view.season}:${view.week}:${view.userId}`;
  if (views.get(key)) return;
  await deps.database.db
    .insert(leagueWeekViews)
    .values(view)
    .onConflictDoUpdate({
      target: [
        leagueWeekViews.platform,
        leagueWeekViews.leagueId,
        leagueWeekViews.season,
        leagueWeekViews.week,
        leagueWeekViews.userId,
      ],
      set: { viewedAt: new Date() },
    });
  views.set(key, true, VIEW_REWRITE_MS);
}

/**
 * Appends one point per matchup of the answer's week for the current data version (stats state), unless the
 * version already has one: computed once by the server (worker pool, fixed seed), whoever asked. Loads of the
 * league that arrive while its points are being recorded (every open page reloads it after a push) wait for
 * that recording rather than compute the same points again; answers how many points this call recorded.
 */
export async function recordMatchupTimelines(deps: AppDeps, details: LeagueDetails): Promise<number> {
  const season = Number(details.league.season);
  const version = await deps.dataVersion.read();
  const { recorded: done, recording } = deps.timelineWrites;
  const doneKey = `${details.platform}:${details.league.league_id}:${season}:${details.week}:${version}`;
  for (;;) {
    if (done.get(doneKey)) return 0;
    const running = recording.get(doneKey);
    if (!running) break;
    // its failure is its caller's to report; what it left unrecorded is tried again below
    await running.catch(() => 0);
  }
  const run = recordVersion(deps, details, version, doneKey).finally(() => recording.delete(doneKey));
  recording.set(doneKey, run);
  return run;
}

async function recordVersion(
  deps: AppDeps,
  details: LeagueDetails,
  version: string,
  doneKey: string,
): Promise<number> {
  const { db } = deps.database;
  const season = Number(details.league.season);
  const { recorded: done } = deps.timelineWrites;
  const where = and(
    eq(winProbabilityPoints.platform, details.platform),
    eq(winProbabilityPoints.leagueId, details.league.league_id),
    eq(winProbabilityPoints.season, season),
    eq(winProbabilityPoints.week, details.week),
    eq(winProbabilityPoints.dataVersion, version),
  );
  const held = new Set(
    (
      await db.select({ matchupId: winProbabilityPoints.matchupId }).from(winProbabilityPoints).where(where)
    ).map((row) => row.matchupId),
  );
  let recorded = 0;
  let isComplete = true;
  for (const pair of matchupPairs(details)) {
    if (held.has(pair.matchupId)) continue;
    const input = toTimelineInput(details, pair, { iterations: TIMELINE_ITERATIONS, seed: TIMELINE_SEED });
    // one owner for all timeline points: the threads serve users' own simulations before a backlog of them
    const outcome = await deps.simulationRunner.run({ owner: 'win-probability-timelines', input });
    if (!outcome.ok) {
      deps.log.warn({ matchupId: pair.matchupId, message: outcome.message }, 'timeline point not computed');
      isComplete = false;
      continue;
    }
    const inserted = await db
      .insert(winProbabilityPoints)
      .values({
        platform: details.platform,
        leagueId: details.league.league_id,
        season,
        week: details.week,
        matchupId: pair.matchupId,
        dataVersion: version,
        gameTimeElapsed: gameTimeElapsed([...pair.a.starters, ...pair.b.starters], details.games),
        rosterIdA: pair.a.rosterId,
        rosterIdB: pair.b.rosterId,
        winProbabilityA: outcome.result.winProbability,
        winProbabilityB: 1 - outcome.result.winProbability,
        pointsA: pointsSoFar(pair.a.starters),
        pointsB: pointsSoFar(pair.b.starters),
      })
      .onConflictDoNothing()
      .returning({ id: winProbabilityPoints.id });
    recorded += inserted.length;
  }
  // every matchup has its point for this version: later loads of the same version need not ask again
  if (isComplete) done.set(doneKey, true, RECORDED_TRUST_MS);
  return recorded;
}

export interface TimelinePointAnswer {
  recorded_at: string;
  /** Share of the two line-ups' game time played when the point was computed, 0–1. */
  game_time_elapsed: number;
  /** Chance that roster_ids[0] wins (ties counted half); roster_ids[1]'s is 1 minus it. */
  win_probability: number;
  points: [number, number];
}

export interface MatchupTimelineAnswer {
  platform: string;
  league_id: string;
  season: number | null;
  week: number;
  matchup_id: number;
  /** The two rosters, lower id first; null before any point is recorded. */
  roster_ids: [number, number] | null;
  points: TimelinePointAnswer[];
}

/** The start of the key under which a league page's follow-up for its viewer is queued (deps.afterAnswer). */
export function leagueViewerKey(userId: string, platform: LeaguePlatform, leagueId: string): string {
  return `${userId}:${platform}:${leagueId}:`;
}

/**
 * The recorded win probability of one matchup through its week, oldest first. Only for someone who opened the
 * league (its league page records the view, which says the season) and whose linked account is in it now; others
 * get 404 as for any league not theirs.
 */
export async function loadMatchupTimeline(
  deps: AppDeps,
  userId: string,
  request: { platform: LeaguePlatform; leagueId: string; week: number; matchupId: number },
): Promise<MatchupTimelineAnswer> {
  // the league page just answered may still be noting its viewer and recording this stats state
  await deps.afterAnswer.settled(leagueViewerKey(userId, request.platform, request.leagueId));
  const { db } = deps.database;
  const [view] = await db
    .select({ season: leagueWeekViews.season })
    .from(leagueWeekViews)
    .where(
      and(
        eq(leagueWeekViews.platform, request.platform),
        eq(leagueWeekViews.leagueId, request.leagueId),
        eq(leagueWeekViews.userId, userId),
      ),
    )
    .orderBy(desc(leagueWeekViews.season))
    .limit(1);
  if (!view) throw leagueNotFound();
  await requireCurrentLeague(deps, userId, { ...request, season: view.season });
  const rows = await db
    .select()
    .from(winProbabilityPoints)
    .where(
      and(
        eq(winProbabilityPoints.platform, request.platform),
        eq(winProbabilityPoints.leagueId, request.leagueId),
        eq(winProbabilityPoints.season, view.season),
        eq(winProbabilityPoints.week, request.week),
        eq(winProbabilityPoints.matchupId, request.matchupId),
      ),
    )
    .orderBy(asc(winProbabilityPoints.recordedAt), asc(winProbabilityPoints.id));
  const first = rows[0];
  return {
    platform: request.platform,
    league_id: request.leagueId,
    season: view.season,
    week: request.week,
    matchup_id: request.matchupId,
    roster_ids: first ? [first.rosterIdA, first.rosterIdB] : null,
    points: rows.map((row) => ({
      recorded_at: row.recordedAt.toISOString(),
      game_time_elapsed: row.gameTimeElapsed,
      win_probability: row.winProbabilityA,
      points: [row.pointsA, row.pointsB],
    })),
  };
}
