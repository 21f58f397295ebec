import {
  LEAGUE_SIMULATION_SEED,
  leagueLineupLabInput,
  leagueMatchupInput,
  type LeagueSide,
  teamNameOf,
} from '@fm/contract';
import type { LineupLabInput, MatchupInput } from '@fm/engine';
import { type LeagueDetails, type LeagueRoster, rosterById } from './league-details';

/** The preview and the server run share a seed, so equal line-ups give equal numbers. */
export const SIMULATION_SEED = LEAGUE_SIMULATION_SEED;

export type Side = LeagueSide;

/** A team's name as pages say it (platforms keep stray spaces: "Bovco Country "). */
export const teamName = (roster: LeagueRoster | undefined): string => teamNameOf(roster);

/**
 * The engine input of the instant preview: both line-ups as chosen, in league scoring, drawing the lab's scenarios
 * (the server's run of a league's line-ups builds the very same input: @fm/contract).
 */
export function previewMatchupInput(details: LeagueDetails, user: Side, opponent: Side): MatchupInput | null {
  return leagueMatchupInput(details, user, opponent, {
    user: teamName(rosterById(details, user.rosterId)),
    opponent: teamName(rosterById(details, opponent.rosterId)),
  });
}

/** The start/sit lab for the user's roster against the opponent's chosen line-up, in `rosterPositions`. */
export function lineupLabInput(
  details: LeagueDetails,
  user: Side,
  opponent: Side,
  rosterPositions: string[] = details.league.roster_positions,
): LineupLabInput | null {
  return leagueLineupLabInput(details, user, opponent, rosterPositions);
}
