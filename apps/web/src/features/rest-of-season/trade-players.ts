import { type LeagueDetails, type LeaguePlayer, rosterById } from '../simulate/shared/league-details';
import { teamName } from '../simulate/shared/matchup-inputs';

/** The players a roster may trade (starters, bench and reserve), in that order. */
export function tradablePlayers(details: LeagueDetails, rosterId: number): LeaguePlayer[] {
  const players = rosterById(details, rosterId)?.players;
  return players ? [...players.starters, ...players.bench, ...players.reserve] : [];
}

/** "Josh Allen (QB)" for every player on a roster of the league; the id itself for one no roster holds. */
export function playerLabels(details: LeagueDetails): (playerId: string) => string {
  const labels = new Map(
    details.rosters.flatMap((roster) =>
      tradablePlayers(details, roster.roster_id).map(
        (player) => [player.player_id, `${player.name} (${player.position})`] as const,
      ),
    ),
  );
  return (playerId) => labels.get(playerId) ?? playerId;
}

export function rosterName(details: LeagueDetails, rosterId: number): string {
  return teamName(rosterById(details, rosterId));
}
