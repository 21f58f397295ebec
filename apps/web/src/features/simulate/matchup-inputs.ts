import type { RouterInputs } from '@fm/api';
import {
  LEAGUE_SIMULATION_SEED,
  leagueLineupLabInput,
  leagueMatchupInput,
  type LeagueSide,
  playerGame,
  sideStarters,
} from '@fm/contract';
import type { LineupLabInput, MatchupInput } from '@fm/engine';
import { type LeagueDetails, type LeagueRoster, rosterById } from './league-details';

/** The preview and the server run share a seed, so equal line-ups give equal numbers. */
export const SIMULATION_SEED = LEAGUE_SIMULATION_SEED;
export const NO_KNOWN_STARTERS_MESSAGE =
  'None of these starters are in our player directory yet, so the server cannot simulate this matchup.';

export type Side = LeagueSide;

export function teamName(roster: LeagueRoster | undefined): string {
  return roster?.owner_name ?? 'Unknown team';
}

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

/** A team in the object form /matchup/analyze takes (the server's input type, checked by the compiler). */
export type ServerTeam = Exclude<RouterInputs['matchup']['analyze']['userTeam'], unknown[]>;
type ServerStarter = ServerTeam['starters'][number];

/**
 * A team as /matchup/simulate takes it: our player ids, final points, and players who score nothing (out or on a
 * bye). A game under way is left to the server, which holds the same game states; a partial score is never sent
 * as final. Players our directory does not know yet (often team defenses and kickers) cannot go to the server;
 * their names are returned so the page can say so.
 */
export function serverTeam(details: LeagueDetails, side: Side): { team: ServerTeam; leftOut: string[] } {
  const roster = rosterById(details, side.rosterId);
  const leftOut: string[] = [];
  const starters: ServerStarter[] = [];
  for (const player of sideStarters(details, side)) {
    const appId = details.app_player_ids[player.player_id];
    if (appId === undefined) {
      leftOut.push(player.name);
      continue;
    }
    const game = playerGame(details, side.rosterId, player);
    starters.push({
      id: appId,
      ...(game?.state === 'final' ? { actual_points: game.points, is_final: true } : {}),
      ...(game?.state === 'out' || game?.state === 'bye' ? { is_out: true } : {}),
    });
  }
  return { team: { name: teamName(roster), roster_id: side.rosterId, starters }, leftOut };
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
