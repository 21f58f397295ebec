import type { SimulationAnswer } from './league-details';
import { formatPoints } from './format';

/** Scores closer than this are a tie once shown to one decimal. */
const TIED_WITHIN = 0.05;

export type ResultTone = 'won' | 'lost' | 'tied';

export function resultTone(user: number, opponent: number): ResultTone {
  if (Math.abs(user - opponent) < TIED_WITHIN) return 'tied';
  return user > opponent ? 'won' : 'lost';
}

/** "You won by 12.4", "You lost by 45.9", "Tied". */
export function resultText(user: number, opponent: number): string {
  const tone = resultTone(user, opponent);
  if (tone === 'tied') return 'Tied';
  return `${tone === 'won' ? 'You won' : 'You lost'} by ${formatPoints(Math.abs(user - opponent))}`;
}

/**
 * A simulated matchup nobody can change any more: every starter of both teams has played, has no game or is out.
 * Its points are then the result; null while anyone is still to play or playing.
 */
export function decidedScore(result: SimulationAnswer): { user: number; opponent: number } | null {
  const players = [...result.user_team.players, ...result.opponent_team.players];
  if (players.length === 0 || players.some((p) => p.game_state === 'pre' || p.game_state === 'in'))
    return null;
  const sum = (team: SimulationAnswer['user_team']) =>
    team.players.reduce((total, player) => total + (player.points ?? 0), 0);
  return { user: sum(result.user_team), opponent: sum(result.opponent_team) };
}
