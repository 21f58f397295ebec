import { isOnBye } from '@fm/contract';
import { statusTag } from '@fm/engine';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';

/** "Q", "D", "O", "IR", "Sus"… for a player's injury status; null when healthy (one definition, in the engine). */
export const injuryTag = statusTag;

const KICKOFF_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** "@ KC · Sun 1:00 PM", "vs BUF", "BYE", or "" when the week's game is unknown. */
export function gameLabel(details: LeagueDetails, player: LeaguePlayer): string {
  if (isOnBye(details, player)) return 'BYE';
  const opponent = details.projections[player.player_id]?.opponent;
  const versus = opponent ? (opponent.startsWith('@') ? `@ ${opponent.slice(1)}` : `vs ${opponent}`) : '';
  const kickoff = player.kickoff ? KICKOFF_FORMAT.format(new Date(player.kickoff)) : '';
  return [versus, kickoff].filter(Boolean).join(' · ');
}
