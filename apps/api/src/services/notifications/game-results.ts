import { type LeagueDetails, teamNameOf, weekStarterIds } from '@fm/contract';
import { opponentOf } from '../rest-of-season/week-matchup.js';
import type { NotificationEvent } from './record.js';

/** "Within a few points": a lead one score can overturn. */
export const CLOSE_GAME_POINTS = 8;
/** A final result is worth telling for a day; a close game only while it is being played. */
const FINAL_RESULT_LIFETIME_MS = 24 * 60 * 60_000;
const CLOSE_GAME_LIFETIME_MS = 4 * 60 * 60_000;

const points = (value: number) => (Math.round(value * 100) / 100).toFixed(2).replace(/\.?0+$/, '');

interface Side {
  rosterId: number;
  name: string;
  points: number;
  /** Starters whose game is still to come or under way. */
  playing: number;
}

function sideOf(details: LeagueDetails, rosterId: number): Side | null {
  const roster = details.rosters.find((candidate) => candidate.roster_id === rosterId);
  const matchup = details.matchups.find((m) => m.roster_id === rosterId);
  if (!roster || !matchup) return null;
  const starterIds = new Set(weekStarterIds(details, rosterId));
  const starters = roster.players.starters.filter((player) => starterIds.has(player.player_id));
  const playing = starters.filter(
    (player) => player.game_state === 'pre' || player.game_state === 'in',
  ).length;
  return { rosterId, name: teamNameOf(roster), points: matchup.points, playing };
}

/** Both sides of the person's matchup this week, or null without one. */
export function myMatchup(details: LeagueDetails): { me: Side; them: Side } | null {
  const mine = details.my_roster_id;
  if (mine === null) return null;
  const theirs = opponentOf(details, mine);
  if (theirs === null) return null;
  const me = sideOf(details, mine);
  const them = sideOf(details, theirs);
  return me && them ? { me, them } : null;
}

/** The matchup is over: the week complete, or no starter of either side left to play. */
export function isMatchupFinished(details: LeagueDetails, matchup: { me: Side; them: Side }): boolean {
  return details.is_week_complete || (matchup.me.playing === 0 && matchup.them.playing === 0);
}

interface LeagueRef {
  userId: string;
  details: LeagueDetails;
  leaguePath: string;
}

function baseEvent(league: LeagueRef) {
  const { details } = league;
  return {
    userId: league.userId,
    season: Number(details.league.season),
    week: details.week,
    league: { platform: details.platform, leagueId: details.league.league_id },
    url: league.leaguePath,
  };
}

/** My matchup is over: the final score, won or lost by how much, and (when known) the new playoff chances. */
export function finalResultEvent(
  league: LeagueRef,
  playoffProbability: number | null,
  now: Date,
): NotificationEvent | null {
  const matchup = myMatchup(league.details);
  if (!matchup || !isMatchupFinished(league.details, matchup)) return null;
  const { me, them } = matchup;
  const margin = Math.abs(me.points - them.points);
  const outcome =
    me.points === them.points
      ? 'It is a tie'
      : `You ${me.points > them.points ? 'won' : 'lost'} by ${points(margin)}`;
  const chances =
    playoffProbability === null
      ? ''
      : ` Your playoff chances are now ${Math.round(playoffProbability * 100)}%.`;
  const leagueKey = `${league.details.platform}:${league.details.league.league_id}`;
  return {
    ...baseEvent(league),
    kind: 'final_result',
    subject: `${leagueKey}:final`,
    title: `Final: ${points(me.points)}–${points(them.points)} against ${them.name}`,
    body: `${outcome} in ${league.details.league.name}: ${points(me.points)} to ${points(them.points)}.${chances}`,
    expiresAt: new Date(now.getTime() + FINAL_RESULT_LIFETIME_MS),
    topicKey: `final_result:${leagueKey}`,
  };
}

/**
 * Once a week: my matchup within CLOSE_GAME_POINTS with at most one starter left to play on either side (the last
 * game decides it) — in practice Sunday night, with Monday's game to come, or late on Sunday.
 */
export function closeGameEvent(league: LeagueRef, now: Date): NotificationEvent | null {
  const matchup = myMatchup(league.details);
  if (!matchup || isMatchupFinished(league.details, matchup)) return null;
  const { me, them } = matchup;
  const left = me.playing + them.playing;
  if (left === 0 || me.playing > 1 || them.playing > 1) return null;
  const margin = me.points - them.points;
  if (Math.abs(margin) > CLOSE_GAME_POINTS) return null;
  const standing =
    margin === 0 ? 'level' : margin > 0 ? `ahead by ${points(margin)}` : `behind by ${points(-margin)}`;
  const leagueKey = `${league.details.platform}:${league.details.league.league_id}`;
  return {
    ...baseEvent(league),
    kind: 'close_game',
    subject: `${leagueKey}:close`,
    title: `Close game against ${them.name}`,
    body: `You are ${standing} (${points(me.points)}–${points(them.points)}) in ${league.details.league.name}, with the last game to decide it.`,
    expiresAt: new Date(now.getTime() + CLOSE_GAME_LIFETIME_MS),
    topicKey: `close_game:${leagueKey}`,
  };
}
