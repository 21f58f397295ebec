import type { FreeAgent } from '@fm/contract';
import type { LeagueDetails, LeaguePlayer } from '../simulate/shared/league-details';

/** Test data of the rest-of-season pages: a four-team Sleeper league in week 11 and its free agents. */

const player = (player_id: string, name: string, position: string, team: string): LeaguePlayer =>
  ({
    player_id,
    name,
    position,
    team,
    injury_status: null,
    bye_week: null,
    game_state: 'pre',
    points: 0,
    fraction_remaining: 1,
  }) as LeaguePlayer;

const roster = (roster_id: number, owner_name: string, starters: LeaguePlayer[], bench: LeaguePlayer[]) => ({
  roster_id,
  owner_id: `o${roster_id}`,
  owner_name,
  owner_avatar: '',
  wins: 5,
  losses: 5,
  ties: 0,
  fpts: 1000,
  fpts_against: 1000,
  players: { starters, bench, reserve: [] },
});

/** Fan (1, the caller) starts QB Allen, RB Hall, WR Lamb and RB Pacheco in FLEX; WR Reed sits. */
export const FAN_STARTERS = [
  player('qb1', 'Josh Allen', 'QB', 'BUF'),
  player('rb1', 'Breece Hall', 'RB', 'NYJ'),
  player('wr1', 'CeeDee Lamb', 'WR', 'DAL'),
  player('rb2', 'Isiah Pacheco', 'RB', 'KC'),
];
export const FAN_BENCH = [player('wr2', 'Jalen Reed', 'WR', 'GB')];
const RON_STARTERS = [
  player('qb2', 'Jared Goff', 'QB', 'DET'),
  player('rb3', 'Derrick Henry', 'RB', 'BAL'),
  player('wr3', 'Nico Collins', 'WR', 'HOU'),
  player('te1', 'Sam LaPorta', 'TE', 'DET'),
];

export function testLeague(overrides: Partial<LeagueDetails> = {}): LeagueDetails {
  return {
    platform: 'sleeper',
    league: {
      league_id: '111',
      name: 'Dynasty Dads',
      total_rosters: 4,
      season: '2026',
      status: 'in_season',
      roster_positions: ['QB', 'RB', 'WR', 'FLEX', 'BN', 'BN'],
      scoring_settings: {},
      settings: {
        num_teams: 4,
        playoff_teams: 2,
        playoff_week_start: 15,
        league_average_match: 0,
        league_type: 0,
        start_week: 1,
      },
      avatar: null,
    },
    week: 11,
    is_week_complete: false,
    my_roster_id: 1,
    rosters: [
      roster(1, 'Fan', FAN_STARTERS, FAN_BENCH),
      roster(2, 'Ron', RON_STARTERS, []),
      roster(3, 'Sue', [], []),
      roster(4, 'Tom', [], []),
    ],
    matchups: [
      { matchup_id: 1, roster_id: 1, points: 0, players_points: {}, starters: ['qb1', 'rb1', 'wr1', 'rb2'] },
      { matchup_id: 1, roster_id: 2, points: 0, players_points: {}, starters: ['qb2', 'rb3', 'wr3', 'te1'] },
      { matchup_id: 2, roster_id: 3, points: 0, players_points: {}, starters: [] },
      { matchup_id: 2, roster_id: 4, points: 0, players_points: {}, starters: [] },
    ],
    projections: {},
    app_player_ids: {},
    stats_points: {},
    scoring_from: 'league',
    scoring_unsupported: [],
    data_as_of: '2026-11-20T12:00:00.000Z',
    is_stale: false,
    projections_freshness: null,
    games: [],
    live: { clock_source: 'scoreboard', scores_updated_at: null, paused_since: null },
    ...overrides,
  } as LeagueDetails;
}

export function freeAgent(overrides: Partial<FreeAgent> & Pick<FreeAgent, 'player_id' | 'name'>): FreeAgent {
  return {
    position: 'RB',
    team: 'PIT',
    injury_status: null,
    bye_week: 9,
    projection: 10,
    ros_projection: 40,
    has_projection: true,
    starts_over_player_id: null,
    replaces_player_id: 'rb2',
    delta_win_probability: 0.01,
    ros_points_over_replacement: 5,
    delta_playoff_probability: 0.02,
    lineup_after: ['qb1', 'rb1', 'wr1', 'rb2'],
    ...overrides,
  };
}

/** Warren would take Pacheco's FLEX start, and Reed (on the bench) is dropped for him. */
export const WARREN = freeAgent({
  player_id: 'fa1',
  name: 'Jaylen Warren',
  position: 'RB',
  team: 'PIT',
  projection: 12.4,
  ros_projection: 47.5,
  starts_over_player_id: 'rb2',
  replaces_player_id: 'wr2',
  delta_win_probability: 0.032,
  ros_points_over_replacement: 14.25,
  delta_playoff_probability: 0.041,
  lineup_after: ['qb1', 'rb1', 'wr1', 'fa1'],
});
/** Toney (questionable, on bye this week) would not start: Reed's bench place, Reed dropped. */
export const TONEY = freeAgent({
  player_id: 'fa2',
  name: 'Kadarius Toney',
  position: 'WR',
  team: 'KC',
  injury_status: 'Questionable',
  bye_week: 11,
  projection: 0,
  ros_projection: 21,
  starts_over_player_id: null,
  replaces_player_id: 'wr2',
  delta_win_probability: 0,
  ros_points_over_replacement: 3.5,
  delta_playoff_probability: 0.006,
  lineup_after: ['qb1', 'rb1', 'wr1', 'rb2'],
});
/** A team defense no source projects: listed last, not priced. */
export const STEELERS = freeAgent({
  player_id: 'PIT',
  name: 'Pittsburgh Steelers',
  position: 'DEF',
  team: 'PIT',
  bye_week: 5,
  projection: null,
  ros_projection: null,
  has_projection: false,
  starts_over_player_id: null,
  replaces_player_id: null,
  delta_win_probability: 0,
  ros_points_over_replacement: 0,
  delta_playoff_probability: 0,
  lineup_after: undefined,
});

/**
 * The league as its league page's tests load it: Fan's K slot is empty, a line-up the league refuses, so the page
 * starts no engine preview (jsdom has no Web Worker).
 */
export function leaguePageLeague(overrides: Partial<LeagueDetails> = {}): LeagueDetails {
  const details = testLeague(overrides);
  return {
    ...details,
    league: { ...details.league, roster_positions: ['QB', 'RB', 'WR', 'FLEX', 'K', 'BN'] },
  };
}
