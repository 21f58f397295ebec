import { isOnBye } from '@fm/contract';
import { statusTag } from '@fm/engine';
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
  if (player.game_state === 'bye' || isOnBye(details, player)) {
    return { clock: 'Bye', extra: '', title: 'No game this week' };
  }
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
