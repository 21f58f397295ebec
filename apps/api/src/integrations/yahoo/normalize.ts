import { canonicalSlotLabel } from '@fm/engine';
import {
  type AppLeague,
  type AppMatchup,
  DEFAULT_AVATAR_URL,
  FREE_AGENT_TEAM,
  type LeagueStatus,
  type PlatformPlayer,
  type PlatformRoster,
  UNKNOWN_OWNER_NAME,
} from '../league-shapes.js';
import type { YahooLeague, YahooLeagueSettings, YahooMatchup, YahooPlayer, YahooTeam } from './parse.js';
import { toSleeperScoring } from './scoring.js';

/** Lineup slots that are not starting slots. */
const BENCH_SLOT = 'BN';
const RESERVE_SLOTS = new Set(['IR', 'NA']);

export function yahooLeagueStatus(league: YahooLeague): LeagueStatus {
  if (league.is_finished) return 'complete';
  if (league.draft_status === 'predraft') return 'pre_draft';
  if (league.draft_status === 'drafting' || league.draft_status === 'inprogress') return 'drafting';
  return 'in_season';
}

/** Yahoo league → app league: league_id is the league key, total_rosters is num_teams. */
export function toAppLeague(league: YahooLeague, settings?: YahooLeagueSettings): AppLeague {
  return {
    league_id: league.league_key,
    name: league.name,
    total_rosters: league.num_teams,
    season: league.season,
    status: yahooLeagueStatus(league),
    roster_positions: settings ? expandRosterPositions(settings) : [],
    scoring_settings: settings ? toSleeperScoring(settings.stat_modifiers) : {},
    settings: {
      num_teams: league.num_teams,
      playoff_teams: settings?.num_playoff_teams ?? null,
      playoff_week_start: settings?.playoff_start_week ?? null,
      league_average_match: 0,
      league_type: null,
      start_week: league.start_week ?? null,
    },
    avatar: league.logo_url,
    ...(league.current_week === undefined ? {} : { current_week: league.current_week }),
  };
}

/**
 * [{QB,1},{W/R/T,2},{BN,5}] → ["QB","FLEX","FLEX","BN",…]: Sleeper's format and slot names, so the web
 * receives one league shape whichever platform the league is on.
 */
function expandRosterPositions(settings: YahooLeagueSettings): string[] {
  return settings.roster_positions.flatMap((slot) =>
    Array.from({ length: slot.count }, () => canonicalSlotLabel(slot.position)),
  );
}

/**
 * Yahoo player → app player. `sleeperIdByYahooId` (from the Sleeper directory's yahoo_id)
 * adds the Sleeper id so the simulator can use Sleeper-keyed projections.
 */
export function toAppPlayer(
  player: YahooPlayer,
  sleeperIdByYahooId?: ReadonlyMap<string, string>,
): PlatformPlayer {
  const sleeperId = sleeperIdByYahooId?.get(player.player_id);
  return {
    player_id: player.player_id,
    name: player.full_name,
    position: player.position,
    team: player.team ?? FREE_AGENT_TEAM,
    injury_status: player.status,
    ...(sleeperId ? { sleeper_id: sleeperId } : {}),
  };
}

/** One roster: the team's owner and record, and its players split by lineup slot. */
export function toAppRoster(
  team: YahooTeam,
  players: YahooPlayer[],
  sleeperIdByYahooId?: ReadonlyMap<string, string>,
): PlatformRoster {
  const manager = team.managers[0];
  const toPlayer = (player: YahooPlayer) => toAppPlayer(player, sleeperIdByYahooId);
  const slotOf = (player: YahooPlayer) => player.selected_position ?? BENCH_SLOT;
  return {
    roster_id: team.team_id,
    team_key: team.team_key,
    owner_id: manager?.guid ?? null,
    owner_name: team.name || manager?.nickname || UNKNOWN_OWNER_NAME,
    owner_avatar: team.logo_url ?? manager?.image_url ?? DEFAULT_AVATAR_URL,
    wins: team.standings?.wins ?? 0,
    losses: team.standings?.losses ?? 0,
    ties: team.standings?.ties ?? 0,
    fpts: team.standings?.points_for ?? 0,
    fpts_against: team.standings?.points_against ?? 0,
    players: {
      starters: players
        .filter((p) => slotOf(p) !== BENCH_SLOT && !RESERVE_SLOTS.has(slotOf(p)))
        .map(toPlayer),
      bench: players.filter((p) => slotOf(p) === BENCH_SLOT).map(toPlayer),
      reserve: players.filter((p) => RESERVE_SLOTS.has(slotOf(p))).map(toPlayer),
    },
  };
}

/** Scoreboard → one app matchup per team; matchup_id numbers the games from 1 like Sleeper. */
export function toAppMatchups(
  matchups: YahooMatchup[],
  startersByTeamKey?: ReadonlyMap<string, string[]>,
): AppMatchup[] {
  return matchups.flatMap((matchup, index) =>
    matchup.teams.map((team) => ({
      matchup_id: index + 1,
      roster_id: team.team_id,
      points: team.points ?? 0,
      players_points: {},
      starters: startersByTeamKey?.get(team.team_key) ?? [],
      projected_points: team.projected_points,
    })),
  );
}

/** Sleeper directory → yahoo_id lookup, for `toAppPlayer`. */
export function sleeperIdsByYahooId(
  directory: Record<string, { yahoo_id?: number | string | null }>,
): Map<string, string> {
  const map = new Map<string, string>();
  for (const [sleeperId, entry] of Object.entries(directory)) {
    if (entry.yahoo_id !== null && entry.yahoo_id !== undefined) map.set(String(entry.yahoo_id), sleeperId);
  }
  return map;
}
