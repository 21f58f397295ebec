import { parseStartingSlots, type StartingSlot } from '@fm/engine';
import { type LeagueDetails, playablePlayers, remainingRegularWeeks, teamNameOf } from '@fm/contract';
import type { AppDeps } from '../../deps.js';
import { AppError, validationError } from '../../errors.js';
import type { LeaguePlatform } from '../leagues/connections.js';
import { readLeagueWeek } from '../leagues/details.js';
import { loadTeamWeekGames } from '../leagues/schedule.js';
import { type RosPlayer, rosPlayerOf } from './ros-players.js';

/** A team of the league with its playable players' rest of the season. */
export interface RosTeam {
  rosterId: number;
  name: string;
  players: RosPlayer[];
}

/** What the rest-of-season tools read about a league, for one of the caller's linked leagues. */
export interface RosLeague {
  details: LeagueDetails;
  season: number;
  /** The league's starting slots (bench, reserve and taxi left out). */
  slots: StartingSlot[];
  /** The regular-season weeks still to play; every player's and line-up's `weeks` follow this order. */
  weeks: number[];
  teams: RosTeam[];
  /** Each NFL team's bye week of the season, where known (also for teams no rostered player is on). */
  byeWeekOf(team: string): number | null;
}

/**
 * Teams of a league the rest-of-season tools take: the largest a platform allows (Sleeper, 32; ESPN and Yahoo,
 * 20). Their season runs grow with the teams (each run draws every team's weeks) and their trade search with the
 * pairs of rosters.
 */
export const MAX_LEAGUE_TEAMS = 32;
/**
 * Players on one roster (starters, bench and reserve) the tools take: a deep dynasty roster with its injured
 * reserve is about 40; the trade search's swaps grow with the square of a roster's players.
 */
export const MAX_ROSTER_PLAYERS = 60;

/** Refuses a league over the shape the tools take, before anything is simulated (VALIDATION_ERROR naming the bound). */
function checkLeagueShape(details: LeagueDetails): void {
  if (details.rosters.length > MAX_LEAGUE_TEAMS) {
    throw validationError(
      `The rest-of-season tools take leagues of at most ${MAX_LEAGUE_TEAMS} teams; this league has ` +
        `${details.rosters.length}.`,
    );
  }
  for (const roster of details.rosters) {
    const { starters, bench, reserve } = roster.players;
    const count = starters.length + bench.length + reserve.length;
    if (count > MAX_ROSTER_PLAYERS) {
      throw validationError(
        `The rest-of-season tools take rosters of at most ${MAX_ROSTER_PLAYERS} players (starters, bench and ` +
          `reserve); ${teamNameOf(roster)} has ${count}.`,
      );
    }
  }
}

export interface RosLeagueRequest {
  platform: LeaguePlatform;
  leagueId: string;
  week?: number | undefined;
}

/** Each of these NFL teams' bye week of `season`, from the schedule the league pages read. */
export async function loadByeWeeks(
  deps: AppDeps,
  request: { season: number; week: number; teams: string[] },
): Promise<Map<string, number | null>> {
  const games = await loadTeamWeekGames(deps, request);
  return new Map([...games].map(([team, game]) => [team, game.bye_week]));
}

/**
 * The one place the rest-of-season tools read a league: the league page's own load (the same access checks:
 * only leagues of the caller's linked accounts), its shape checked against the bounds above, its starting slots,
 * and every playable rostered player's rest of the season from this week's projection in the league's scoring.
 */
export async function loadRosLeague(
  deps: AppDeps,
  userId: string,
  request: RosLeagueRequest,
): Promise<RosLeague> {
  const { details } = await readLeagueWeek(deps, userId, request);
  checkLeagueShape(details);
  const season = Number(details.league.season);
  const weeks = remainingRegularWeeks(details);
  const rostered = details.rosters.flatMap((roster) => playablePlayers(roster));
  const byes = await loadByeWeeks(deps, {
    season,
    week: details.week,
    teams: rostered.map((player) => player.team),
  });
  const byeWeekOf = (team: string) => byes.get(team) ?? null;
  const teams = details.rosters.map((roster): RosTeam => ({
    rosterId: roster.roster_id,
    name: teamNameOf(roster),
    players: playablePlayers(roster).map((player) =>
      rosPlayerOf(
        {
          id: player.player_id,
          name: player.name,
          position: player.position,
          team: player.team,
          injuryStatus: player.injury_status ?? null,
          byeWeek: byeWeekOf(player.team),
        },
        details.projections[player.player_id],
        details.week,
        weeks,
      ),
    ),
  }));
  return {
    details,
    season,
    slots: parseStartingSlots(details.league.roster_positions),
    weeks,
    teams,
    byeWeekOf,
  };
}

/** The caller's own team in the league: the free agents and trades are priced for it. */
export function callersTeam(league: RosLeague): RosTeam {
  const mine = league.teams.find((team) => team.rosterId === league.details.my_roster_id);
  if (!mine) {
    throw new AppError('NO_TEAM_IN_LEAGUE', 'Your linked account has no team in this league.', 404);
  }
  return mine;
}
