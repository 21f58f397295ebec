import { NFL_GAME_STATES, PLAYER_GAME_STATES } from '@fm/engine';
import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';
import { PLATFORMS } from './platforms.js';

/** Response shapes of /leagues/*, for validation, the OpenAPI document and the typed client. */

export const platformSchema = z.enum(PLATFORMS);

/** A league's id as its platform gives it (Sleeper's 18 digits, Yahoo's game.l.id, ESPN's number). */
export const leagueIdParam = z.string().min(1).max(64);

/** The path parameters of every `/leagues/leagues/{platform}/{leagueId}/…` call. */
export const leaguePathParams = z.object({ platform: platformSchema, leagueId: leagueIdParam });

export const connectionsSchema = z.object({
  sleeper: z.object({
    connected: z.boolean(),
    username: z.string().nullable(),
    displayName: z.string().nullable(),
    avatar: z.string().nullable(),
  }),
  yahoo: z.object({
    connected: z.boolean(),
    userId: z.string().nullable(),
    available: z
      .boolean()
      .describe('this server has a Yahoo app (YAHOO_CLIENT_ID/SECRET); false: linking is not offered'),
  }),
  espn: z.object({
    connected: z.boolean(),
    leagues: z.array(z.object({ league_id: z.string(), name: z.string() })),
  }),
  hasLinkedLeagues: z.boolean(),
});

/** An ESPN league to link: its id or address, and for a private league both browser cookies. */
export const espnConnectInputSchema = z.object({
  leagueId: z.string().max(500).describe('the league id, or the address of a page of the league'),
  espnS2: z.string().max(2000).optional().describe('private leagues: the espn_s2 browser cookie'),
  swid: z.string().max(100).optional().describe('private leagues: the SWID browser cookie'),
});

export const leagueSummarySchema = z.object({
  league_id: z.string(),
  name: z.string(),
  total_rosters: z.number().int(),
  season: z.string(),
  status: z.string(),
  avatar: z.string().nullable(),
  platform: platformSchema,
  username: z.string().optional(),
});

export const leaguesAnswerSchema = z.object({
  data: z.object({
    sleeper: z.array(leagueSummarySchema),
    yahoo: z.array(leagueSummarySchema),
    espn: z.array(leagueSummarySchema),
  }),
  season: z.string(),
  errors: z.array(z.object({ platform: platformSchema, code: z.enum(ERROR_CODES), message: z.string() })),
});

/** A rostered player of a league details answer, with where his game of the week stands. */
export const appPlayerSchema = z.object({
  player_id: z.string(),
  name: z.string(),
  position: z.string(),
  team: z.string(),
  sleeper_id: z
    .string()
    .optional()
    .describe('Yahoo players: the Sleeper id with the same yahoo_id, when known'),
  injury_status: z.string().nullable().optional(),
  bye_week: z.number().int().nullable().optional().describe('his team’s bye week of the season, when known'),
  kickoff: z.string().nullable().optional().describe('kickoff of his team’s game this week (ISO time)'),
  game_state: z
    .enum(PLAYER_GAME_STATES)
    .describe('his game this week: pre, in (under way), final, bye (no game), out (ruled out, inactive, IR)'),
  points: z
    .number()
    .nullable()
    .describe(
      'points scored so far this week in the league’s scoring; null: a finished game with none recorded',
    ),
  fraction_remaining: z.number().min(0).max(1).describe('share of his game still to play, 0–1'),
});

export const appRosterSchema = z.object({
  roster_id: z.number().int(),
  owner_id: z.string().nullable(),
  owner_name: z.string(),
  owner_avatar: z.string(),
  wins: z.number(),
  losses: z.number(),
  ties: z.number(),
  fpts: z.number(),
  fpts_against: z.number(),
  players: z.object({
    starters: z.array(appPlayerSchema),
    bench: z.array(appPlayerSchema),
    reserve: z
      .array(appPlayerSchema)
      .describe('injured reserve and taxi squad: on the roster but neither starting nor on the bench'),
  }),
  team_key: z.string().optional().describe('Yahoo rosters: the team key'),
});

export const appMatchupSchema = z.object({
  matchup_id: z
    .number()
    .int()
    .nullable()
    .describe('rosters with the same matchup_id play each other; null: no game this week'),
  roster_id: z.number().int(),
  points: z.number(),
  players_points: z
    .record(z.string(), z.number())
    .describe('points per player id; empty when the platform does not report them'),
  starters: z.array(z.string()),
  projected_points: z.number().nullable().optional(),
});

export const leagueSettingsSummarySchema = z.object({
  num_teams: z.number(),
  playoff_teams: z.number().nullable(),
  playoff_week_start: z.number().nullable(),
  league_average_match: z
    .number()
    .describe('1 when every team also plays the league median each week (Sleeper only; 0 elsewhere)'),
  league_type: z
    .number()
    .nullable()
    .describe('0 redraft, 1 keeper, 2 dynasty (Sleeper’s codes); null when the platform does not say'),
  start_week: z.number().nullable(),
});

/** A league in the app's platform-neutral shape: Sleeper, Yahoo and ESPN leagues all read the same. */
export const appLeagueSchema = z.object({
  league_id: z.string(),
  name: z.string(),
  total_rosters: z.number().int(),
  season: z.string(),
  status: z.string(),
  roster_positions: z.array(z.string()),
  scoring_settings: z
    .record(z.string(), z.number())
    .describe('Sleeper stat keys (pass_yd, rec…) to points per unit'),
  settings: leagueSettingsSummarySchema,
  avatar: z.string().nullable(),
  username: z.string().optional().describe('Sleeper leagues: the username they were found through'),
  current_week: z
    .number()
    .optional()
    .describe('Yahoo and ESPN leagues: the week the platform considers current'),
});

/** One rostered player's projection for the week, in the league's scoring. */
export const leaguePlayerProjectionSchema = z.object({
  mean: z.number(),
  std: z.number(),
  p10: z.number().nullable(),
  p50: z.number().nullable(),
  p90: z.number().nullable(),
  team: z.string(),
  opponent: z.string().nullable(),
  source: z.string(),
  is_league_scored: z
    .boolean()
    .describe('false: no projected stat line was stored, so the PPR figures are used as they are'),
  depth_rank: z
    .number()
    .int()
    .nullable()
    .describe('rank within his NFL team and position by projected points'),
});

/** Where games' states and clocks come from: the NFL scoreboard, or the kickoff time plus a nominal game length. */
export const clockSourceSchema = z.enum(['scoreboard', 'estimated']);

/** One NFL game of a week as the league page and the live sync see it. */
export const liveGameSchema = z.object({
  home_team: z.string(),
  away_team: z.string(),
  state: z.enum(NFL_GAME_STATES),
  fraction_remaining: z.number().min(0).max(1).describe('share of the game still to play'),
  period: z
    .number()
    .int()
    .nullable()
    .describe('quarter (5 = overtime); null when not under way or estimated'),
  clock: z
    .string()
    .nullable()
    .describe('game clock as the scoreboard shows it, e.g. "11:50"; null when estimated or not under way'),
  description: z.string().nullable().describe('e.g. Halftime, Final, Postponed; null when estimated'),
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
  kickoff: z.string().nullable(),
  clock_source: clockSourceSchema.describe(
    'the NFL scoreboard, or estimated from the kickoff time and a nominal game length',
  ),
});

/** When a week's projections last changed, and which sources they come from (preferred first). */
export const weekFreshnessSchema = z.object({
  updated_at: z.string().nullable(),
  sources: z.array(z.string()).describe('model, nflcom, sleeper, espn, import: preferred first'),
});

/** How fresh the week's scores are, for the page's "live scores paused since HH:MM" and "clock estimated". */
export const liveScoresSchema = z.object({
  clock_source: clockSourceSchema,
  scores_updated_at: z
    .string()
    .nullable()
    .describe('last game-day refresh of the week’s stats (ISO time); null before any'),
  paused_since: z
    .string()
    .nullable()
    .describe('set while the stats service fails during games: live scores paused since then (ISO time)'),
});

/** The league page's data: the league, rosters and this week's matchups, plus projections and live games. */

export const leagueDetailsSchema = z.object({
  platform: platformSchema,
  league: appLeagueSchema,
  week: z.number().int(),
  is_week_complete: z
    .boolean()
    .describe('every game of the week is over, so the points in matchups are final'),
  my_roster_id: z
    .number()
    .int()
    .nullable()
    .describe('the roster of the signed-in user’s linked account; null when they have none in this league'),
  rosters: z.array(appRosterSchema),
  matchups: z.array(appMatchupSchema),
  projections: z
    .record(z.string(), leaguePlayerProjectionSchema)
    .describe('keyed by the player_id the rosters use; players without a projection are absent'),
  app_player_ids: z
    .record(z.string(), z.number().int())
    .describe(
      'our player id (players.id) of each rostered player linked to our directory, keyed by player_id',
    ),
  stats_points: z
    .record(z.string(), z.number())
    .describe(
      'points scored in the week by the synced weekly stats, in the league’s scoring (the platform’s own per-player points win where it has them)',
    ),
  scoring_from: z
    .enum(['league', 'preference', 'none'])
    .describe(
      'league.scoring_settings: the league’s, the scoring_type asked for (the league says none), or none',
    ),
  scoring_unsupported: z
    .array(z.string())
    .describe('the league’s non-zero scoring settings our points do not apply (keys, e.g. idp_tkl), sorted'),
  data_as_of: z.string().describe('when the platform’s data was fetched (ISO time)'),
  is_stale: z.boolean().describe('the platform did not answer: rosters as held at data_as_of'),
  projections_freshness: weekFreshnessSchema
    .nullable()
    .describe("when the week's projections last changed, and where they come from"),
  games: z.array(liveGameSchema).describe('every NFL game of the week'),
  live: liveScoresSchema,
});

export const matchupTimelineSchema = z.object({
  platform: z.string(),
  league_id: z.string(),
  season: z.number().int().nullable(),
  week: z.number().int(),
  matchup_id: z.number().int(),
  roster_ids: z
    .tuple([z.number().int(), z.number().int()])
    .nullable()
    .describe('the two rosters, lower id first; null before any point is recorded'),
  points: z
    .array(
      z.object({
        recorded_at: z.string().describe('when the stats change was recorded (ISO time)'),
        game_time_elapsed: z.number().min(0).max(1).describe('share of both line-ups’ game time played'),
        win_probability: z
          .number()
          .min(0)
          .max(1)
          .describe('chance that roster_ids[0] wins (ties count half)'),
        points: z.tuple([z.number(), z.number()]).describe('points so far of each side’s starters'),
      }),
    )
    .describe('one point per stats change while the week is played, oldest first; the same for every viewer'),
});

export type ConnectionsStatus = z.output<typeof connectionsSchema>;
/** A league as the leagues list shows it: league_id, name, total_rosters; Sleeper also username. */
export type LeagueSummary = z.output<typeof leagueSummarySchema>;
/** A platform that failed while the others answered is listed in `errors`: its leagues are missing, this says why. */
export type LeaguesAnswer = z.output<typeof leaguesAnswerSchema>;
export type AppPlayer = z.output<typeof appPlayerSchema>;
export type AppRoster = z.output<typeof appRosterSchema>;
export type AppMatchup = z.output<typeof appMatchupSchema>;
export type LeagueSettingsSummary = z.output<typeof leagueSettingsSummarySchema>;
export type AppLeague = z.output<typeof appLeagueSchema>;
export type LeaguePlayerProjection = z.output<typeof leaguePlayerProjectionSchema>;
export type ClockSource = z.output<typeof clockSourceSchema>;
export type LiveGame = z.output<typeof liveGameSchema>;
export type WeekFreshness = z.output<typeof weekFreshnessSchema>;
export type LiveScores = z.output<typeof liveScoresSchema>;
export type LeagueDetails = z.output<typeof leagueDetailsSchema>;
export type MatchupTimeline = z.output<typeof matchupTimelineSchema>;
