import type { NotificationEvent } from './record.js';

/**
 * Leagues written out in one digest: a push message carries at most 4 KB once encrypted, and one league's lines
 * are about 400 characters.
 */
export const MAX_DIGEST_LEAGUES = 4;
/** A weekly digest is worth reading until the next one is near. */
const DIGEST_LIFETIME_MS = 2 * 24 * 60 * 60_000;

/** One league's part of a digest: the week ahead, read with the person's own account. */
export interface LeagueDigest {
  leagueName: string;
  leaguePath: string;
  /** The week the digest looks ahead to. */
  week: number;
  /** P(win) of the person's line-up as set for that week, with the opponent's name; null without a game. */
  matchup: { winProbability: number; opponentName: string } | null;
  /** The free agent whose pickup raises P(playoffs) most (null: none raises it). */
  freeAgent: { name: string; position: string; team: string | null; deltaPlayoffs: number } | null;
  /** One trade after which both teams' best line-ups score more. */
  trade: { partnerName: string; give: string[]; get: string[]; deltaPlayoffs: number } | null;
  /** The person's players with an injury status, and the status. */
  injured: { name: string; position: string; status: string }[];
}

const percent = (probability: number) => `${Math.round(probability * 100)}%`;
/** A change in probability in percentage points, signed, with one decimal (small changes matter here). */
const points = (delta: number) => `${delta >= 0 ? '+' : '−'}${Math.abs(delta * 100).toFixed(1)} pts`;
const names = (list: readonly string[]) => list.join(' and ');

/** One league's lines: the week's chances, a pickup, a trade, the injuries. */
export function leagueDigestText(league: LeagueDigest): string {
  const lines = [
    league.matchup
      ? `${league.leagueName}: ${percent(league.matchup.winProbability)} to win week ${league.week} against ${league.matchup.opponentName}.`
      : `${league.leagueName}: no game for you in week ${league.week}.`,
    league.freeAgent
      ? `Best free agent: ${league.freeAgent.name} (${league.freeAgent.position}${league.freeAgent.team ? `, ${league.freeAgent.team}` : ''}), ${points(league.freeAgent.deltaPlayoffs)} playoff chances.`
      : 'No free agent raises your playoff chances.',
    league.trade
      ? `Trade idea with ${league.trade.partnerName}: give ${names(league.trade.give)} for ${names(league.trade.get)} (${points(league.trade.deltaPlayoffs)} playoff chances; they gain too).`
      : 'No trade helps both teams this week.',
    league.injured.length > 0
      ? `Injured: ${league.injured.map((player) => `${player.name} (${player.position}, ${player.status})`).join(', ')}.`
      : 'None of your players has an injury status.',
  ];
  return lines.join('\n');
}

/**
 * The person's weekly digest of their leagues (those not muted), sent once per person and Tuesday: `localDate` (the
 * Tuesday in their time zone, YYYY-MM-DD) is its subject, so a week that changes number on the platform that
 * morning does not send a second one.
 */
export function weeklyDigestEvent(
  userId: string,
  localDate: string,
  season: number,
  leagues: readonly LeagueDigest[],
  now: Date,
): NotificationEvent | null {
  const [first] = leagues;
  if (!first) return null;
  const shown = leagues.slice(0, MAX_DIGEST_LEAGUES).map(leagueDigestText);
  const more = leagues.length - MAX_DIGEST_LEAGUES;
  if (more > 0) shown.push(`And ${more} more league${more === 1 ? '' : 's'} on your dashboard.`);
  return {
    userId,
    kind: 'weekly_digest',
    subject: `digest:${localDate}`,
    season,
    week: first.week,
    title: `Your week ${first.week} preview`,
    body: shown.join('\n\n'),
    url: leagues.length === 1 ? first.leaguePath : '/dashboard',
    expiresAt: new Date(now.getTime() + DIGEST_LIFETIME_MS),
    topicKey: 'weekly_digest',
  };
}
