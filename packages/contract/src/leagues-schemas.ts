import { z } from 'zod';
import { PLATFORMS } from './platforms.js';

/** Response shapes of /leagues/*, for validation, the OpenAPI document and the typed client. */

export const platformSchema = z.enum(PLATFORMS);

export const connectionsSchema = z.object({
  sleeper: z.object({
    connected: z.boolean(),
    username: z.string().nullable(),
    displayName: z.string().nullable(),
    avatar: z.string().nullable(),
  }),
  yahoo: z.object({ connected: z.boolean(), userId: z.string().nullable() }),
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
  errors: z.array(z.object({ platform: platformSchema, code: z.string(), message: z.string() })),
});

const appPlayerSchema = z.object({
  player_id: z.string(),
  name: z.string(),
  position: z.string(),
  team: z.string(),
  sleeper_id: z.string().optional(),
  injury_status: z.string().nullable().optional(),
  bye_week: z.number().int().nullable().optional(),
  kickoff: z.string().nullable().optional(),
});

const appRosterSchema = z.object({
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
    reserve: z.array(appPlayerSchema),
  }),
  team_key: z.string().optional(),
});

const appMatchupSchema = z.object({
  matchup_id: z.number().int().nullable(),
  roster_id: z.number().int(),
  points: z.number(),
  players_points: z.record(z.string(), z.number()),
  starters: z.array(z.string()),
  projected_points: z.number().nullable().optional(),
});

const appLeagueSchema = z.object({
  league_id: z.string(),
  name: z.string(),
  total_rosters: z.number().int(),
  season: z.string(),
  status: z.string(),
  roster_positions: z.array(z.string()),
  scoring_settings: z.record(z.string(), z.number()),
  settings: z.object({
    num_teams: z.number(),
    playoff_teams: z.number().nullable(),
    playoff_week_start: z.number().nullable(),
    league_average_match: z.number(),
    league_type: z.number().nullable(),
    start_week: z.number().nullable(),
  }),
  avatar: z.string().nullable(),
  username: z.string().optional(),
  current_week: z.number().optional(),
});

const playerProjectionSchema = z.object({
  mean: z.number(),
  std: z.number(),
  p10: z.number().nullable(),
  p50: z.number().nullable(),
  p90: z.number().nullable(),
  team: z.string(),
  opponent: z.string().nullable(),
  source: z.string(),
  is_league_scored: z.boolean(),
  depth_rank: z.number().int().nullable(),
});

export const leagueDetailsSchema = z.object({
  platform: platformSchema,
  league: appLeagueSchema,
  week: z.number().int(),
  is_week_complete: z.boolean(),
  my_roster_id: z.number().int().nullable(),
  rosters: z.array(appRosterSchema),
  matchups: z.array(appMatchupSchema),
  projections: z.record(z.string(), playerProjectionSchema),
  app_player_ids: z.record(z.string(), z.number().int()),
  stats_points: z
    .record(z.string(), z.number())
    .describe(
      'points scored in the week by the synced weekly stats, in the league’s scoring (banked points)',
    ),
  scoring_from: z
    .enum(['league', 'preference', 'none'])
    .describe(
      'league.scoring_settings: the league’s, the scoring_type asked for (the league says none), or none',
    ),
  data_as_of: z.string().describe('when the platform’s data was fetched (ISO time)'),
  is_stale: z.boolean().describe('the platform did not answer: rosters as held at data_as_of'),
  projections_freshness: z
    .object({
      updated_at: z.string().nullable(),
      sources: z.array(z.string()).describe('model, nflcom, sleeper, import: preferred first'),
    })
    .nullable()
    .describe("when the week's projections last changed, and where they come from"),
});
