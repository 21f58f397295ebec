import { isNflTeamCode, normalizeTeamCode } from '@fm/projections';
import type { NflGameState } from '@fm/engine';
import type { ScoreboardEvent } from './schemas.js';

/** Regulation: four 15-minute quarters. */
export const REGULATION_PERIODS = 4;
export const PERIOD_SECONDS = 15 * 60;
const REGULATION_SECONDS = REGULATION_PERIODS * PERIOD_SECONDS;
/** Regular-season overtime is one 10-minute period. */
export const OVERTIME_SECONDS = 10 * 60;
/**
 * Share of the game still to play during overtime: small but not zero (the game is not over), shrinking with the
 * overtime clock, from at most 5 % down to 0.5 %.
 */
const OVERTIME_MAX_FRACTION = 0.05;
const OVERTIME_MIN_FRACTION = 0.005;

/** ESPN's abbreviations that differ from ours. */
const ESPN_TEAM_ALIASES: Readonly<Record<string, string>> = { WSH: 'WAS', JAC: 'JAX', LA: 'LAR' };

/** Our team code for an ESPN abbreviation; null when it is no NFL team. */
export function toOurTeamCode(abbreviation: string): string | null {
  const upper = abbreviation.trim().toUpperCase();
  const code = normalizeTeamCode(ESPN_TEAM_ALIASES[upper] ?? upper);
  return isNflTeamCode(code) ? code : null;
}

/** One NFL game of the week as the scoreboard reports it, in our team codes. */
export interface ScoreboardGame {
  id: string;
  homeTeam: string;
  awayTeam: string;
  state: NflGameState;
  /** Share of the game still to play, 0–1 (1 before kickoff, 0 when over). */
  fractionRemaining: number;
  period: number | null;
  /** As the scoreboard shows it ("11:50"); null before kickoff and after the final whistle. */
  displayClock: string | null;
  /** e.g. "Halftime", "End of 3rd Quarter", "In Progress". */
  description: string | null;
  homeScore: number | null;
  awayScore: number | null;
  kickoff: string | null;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The game's state from the scoreboard's `type.state` (never from the period: a scheduled game shows period 1 and
 * 15:00), with postponed and cancelled games told apart by the status name or description.
 */
export function gameStateOf(status: ScoreboardEvent['status']): NflGameState {
  const label = `${status.type.name ?? ''} ${status.type.description ?? ''}`.toUpperCase();
  // a delay or a suspension keeps the game's own state (pre or in): it is still to be finished today
  if (label.includes('POSTPONED')) return 'postponed';
  if (label.includes('CANCELED') || label.includes('CANCELLED')) return 'cancelled';
  if (status.type.state === 'post') return 'final';
  return status.type.state;
}

/**
 * Share of regulation still to play from the period and the seconds left in it (halftime: period 2 with 0:00 →
 * one half left; end of a quarter likewise). Overtime keeps a small positive share until the game is final.
 */
export function fractionRemainingOf(
  state: NflGameState,
  period: number | null,
  clockSeconds: number | null,
): number {
  if (state === 'final' || state === 'cancelled') return 0;
  if (state !== 'in') return 1;
  const quarter = Math.max(1, period ?? 1);
  const left = Math.min(PERIOD_SECONDS, Math.max(0, clockSeconds ?? PERIOD_SECONDS));
  if (quarter > REGULATION_PERIODS) {
    const overtimeLeft = Math.min(OVERTIME_SECONDS, left) / OVERTIME_SECONDS;
    return OVERTIME_MIN_FRACTION + (OVERTIME_MAX_FRACTION - OVERTIME_MIN_FRACTION) * overtimeLeft;
  }
  const remaining = (REGULATION_PERIODS - quarter) * PERIOD_SECONDS + left;
  // under way but at 0:00 of the 4th (a review, the last snap): not over until the scoreboard says so
  return Math.max(OVERTIME_MIN_FRACTION, clamp01(remaining / REGULATION_SECONDS));
}

function scoreOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const score = Number(value);
  return Number.isFinite(score) && score >= 0 ? score : null;
}

/** A scoreboard event in our terms; null when a team is not an NFL team we know. */
export function toScoreboardGame(event: ScoreboardEvent): ScoreboardGame | null {
  const competition = event.competitions[0]!;
  const status = competition.status ?? event.status;
  const home = competition.competitors.find((c) => c.homeAway === 'home');
  const away = competition.competitors.find((c) => c.homeAway === 'away');
  if (!home || !away) return null;
  const homeTeam = toOurTeamCode(home.team.abbreviation);
  const awayTeam = toOurTeamCode(away.team.abbreviation);
  if (!homeTeam || !awayTeam) return null;
  const state = gameStateOf(status);
  const kickoffTime = event.date ? Date.parse(event.date) : NaN;
  return {
    id: event.id,
    homeTeam,
    awayTeam,
    state,
    fractionRemaining: fractionRemainingOf(state, status.period ?? null, status.clock ?? null),
    period: state === 'in' || state === 'final' ? (status.period ?? null) : null,
    displayClock: state === 'in' ? (status.displayClock ?? null) : null,
    description: status.type.description ?? null,
    homeScore: state === 'pre' ? null : scoreOf(home.score),
    awayScore: state === 'pre' ? null : scoreOf(away.score),
    kickoff: Number.isNaN(kickoffTime) ? null : new Date(kickoffTime).toISOString(),
  };
}
