import { isOnBye } from '@fm/contract';
import { availabilityOf, BYE_TAG, statusTag } from '@fm/engine';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import {
  gameClockText,
  gameSummaryText,
  kickoffText,
  scoreText,
  sideOfGame,
  teamGame,
} from '../shared/game-status';

/** "Q", "D", "O", "IR", "Sus"… for a player's injury status; null when healthy (one definition, in the engine). */
export const injuryTag = statusTag;

export interface PlayerGameStatus {
  /** "Half", "Q2 4:31", "Final", "Sun 1:00p", "Bye"; "" when his week's game is unknown. */
  clock: string;
  /** The score (his team's first) and the opponent, for wide screens: "14–7 vs KC", "@ BUF". */
  extra: string;
  /** The whole game in words, for a title: "Q2 4:31 · BUF 14–7 KC". */
  title: string;
}

/** Where a player's game of the week stands, from the week's games (his kickoff when they are not known). */
export function playerGameStatus(details: LeagueDetails, player: LeaguePlayer): PlayerGameStatus {
  if (hasNoGame(details, player)) return { clock: 'Bye', extra: '', title: 'No game this week' };
  const game = teamGame(details, player.team);
  if (!game) {
    const kickoff = player.kickoff ? kickoffText(player.kickoff) : '';
    return { clock: kickoff, extra: '', title: '' };
  }
  const side = sideOfGame(game, player.team);
  const versus = side.isHome ? `vs ${side.opponent}` : `@ ${side.opponent}`;
  return {
    clock: gameClockText(game),
    extra: side.score ? `${scoreText(side.score)} ${versus}` : versus,
    title: gameSummaryText(game, player.team),
  };
}

/**
 * His team has no game this week. The answer's game state decides where it carries one (a player who played is not
 * on a bye, whatever a bye week from another season says); else his bye week or his projection's opponent.
 */
function hasNoGame(details: LeagueDetails, player: LeaguePlayer): boolean {
  return player.game_state ? player.game_state === 'bye' : isOnBye(details, player);
}

/** Why a player is projected 0, short for a phone's line ("bye", "IR") and in words for a title. */
export interface ZeroProjectionReason {
  short: string;
  long: string;
}

/**
 * Why a projection of 0 is 0: no game (bye), his injury or roster status (ruled out, injured reserve,
 * suspended…), else inactive — the projection expects him not to play. Null when the week is over (a past
 * week's projection says nothing of today's status).
 */
export function zeroProjectionReason(
  details: LeagueDetails,
  player: LeaguePlayer,
): ZeroProjectionReason | null {
  if (details.is_week_complete) return null;
  const availability = availabilityOf(player.injury_status, { isOnBye: hasNoGame(details, player) });
  if (availability.isOut && availability.tag && availability.reason) {
    return {
      short: availability.tag === BYE_TAG ? 'bye' : availability.tag,
      long: `${availability.reason}: projected 0`,
    };
  }
  return { short: 'inactive', long: 'Not expected to play (inactive or no role this week): projected 0' };
}
