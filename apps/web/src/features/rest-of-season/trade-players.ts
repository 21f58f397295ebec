import { playablePlayers } from '@fm/contract';
import { type LeagueDetails, type LeaguePlayer, rosterById } from '../simulate/shared/league-details';
import { teamName } from '../simulate/shared/matchup-inputs';

/** The players a roster may trade here: its starters and bench (the line-ups the trade is priced on). */
export function tradablePlayers(details: LeagueDetails, rosterId: number): LeaguePlayer[] {
  const roster = rosterById(details, rosterId);
  return roster ? playablePlayers(roster) : [];
}

/** "Josh Allen (QB)" for every player on a roster of the league; the id itself for one no roster holds. */
export function playerLabels(details: LeagueDetails): (playerId: string) => string {
  const labels = new Map(
    details.rosters.flatMap(({ players }) =>
      [...players.starters, ...players.bench, ...players.reserve].map(
        (player) => [player.player_id, `${player.name} (${player.position})`] as const,
      ),
    ),
  );
  return (playerId) => labels.get(playerId) ?? playerId;
}

export function rosterName(details: LeagueDetails, rosterId: number): string {
  return teamName(rosterById(details, rosterId));
}
