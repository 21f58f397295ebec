import { canonicalSlotLabel } from '@fm/engine';
import {
  type AppLeague,
  type AppMatchup,
  type AppPlayer,
  type AppRoster,
  DEFAULT_AVATAR_URL,
  FREE_AGENT_TEAM,
  type LeagueStatus,
  UNKNOWN_OWNER_NAME,
} from '../league-shapes.js';
import type { YahooLeague, YahooLeagueSettings, YahooMatchup, YahooPlayer, YahooTeam } from './parse.js';

/** Yahoo NFL stat ids → the Sleeper scoring keys the projection engine understands. */
export const YAHOO_STAT_TO_SLEEPER_KEYS: Record<string, string[]> = {
  '2': ['pass_cmp'],
  '4': ['pass_yd'],
  '5': ['pass_td'],
  '6': ['pass_int'],
  '9': ['rush_yd'],
  '10': ['rush_td'],
  '11': ['rec'],
  '12': ['rec_yd'],
  '13': ['rec_td'],
  '15': ['st_td'],
  '16': ['pass_2pt', 'rush_2pt', 'rec_2pt'],
  '17': ['fum'],
  '18': ['fum_lost'],
  '19': ['fgm_0_19'],
  '20': ['fgm_20_29'],
  '21': ['fgm_30_39'],
  '22': ['fgm_40_49'],
  '23': ['fgm_50p'],
  '29': ['xpm'],
  '30': ['xpmiss'],
  '32': ['sack'],
  '33': ['int'],
  '34': ['fum_rec'],
  '35': ['def_td'],
  '36': ['safe'],
  '37': ['blk_kick'],
  '57': ['fum_rec_td'],
};
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

/** Yahoo stat modifiers as Sleeper scoring keys; ids we do not know are kept as `yahoo_<id>`. */
export function toSleeperScoring(statModifiers: Record<string, number>): Record<string, number> {
  const scoring: Record<string, number> = {};
  for (const [statId, points] of Object.entries(statModifiers)) {
    for (const key of YAHOO_STAT_TO_SLEEPER_KEYS[statId] ?? [`yahoo_${statId}`]) scoring[key] = points;
  }
  return scoring;
}

/**
 * Yahoo player → app player. `sleeperIdByYahooId` (from the Sleeper directory's yahoo_id)
 * adds the Sleeper id so the simulator can use Sleeper-keyed projections.
 */
export function toAppPlayer(
  player: YahooPlayer,
  sleeperIdByYahooId?: ReadonlyMap<string, string>,
): AppPlayer {
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
): AppRoster {
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
