import { z } from 'zod';

/**
 * Zod schemas for the Sleeper v1 answers we read. They accept the documented quirks
 * (nullable fields, `players: null`, absent `metadata.team_name`, ids as strings that must never
 * become numbers) and keep only the fields the app uses.
 */

/** Ids are strings; numeric ids exceed 2^53, so a number here is a contract break, not data. */
const id = z.string().min(1);
const nullableString = z.string().nullish();
const nullableStringList = z.array(z.string()).nullish();
const numberMap = z.record(z.string(), z.number().nullable());

export const sleeperUserSchema = z.object({
  user_id: z.string().nullish(),
  username: nullableString,
  display_name: nullableString,
  avatar: nullableString,
});
export type SleeperUser = z.output<typeof sleeperUserSchema>;

/** `GET /v1/user/{username}` answers 200 `null` for an unknown name. */
export const sleeperUserLookupSchema = sleeperUserSchema.nullable();

export const sleeperLeagueSchema = z.object({
  league_id: id,
  name: z.string(),
  season: z.string(),
  status: z.string(),
  sport: z.string().nullish(),
  season_type: nullableString,
  total_rosters: z.number().int(),
  avatar: nullableString,
  previous_league_id: nullableString,
  draft_id: nullableString,
  roster_positions: z.array(z.string()).nullish(),
  scoring_settings: numberMap.nullish(),
  settings: z.record(z.string(), z.unknown()).nullish(),
});
export type SleeperLeague = z.output<typeof sleeperLeagueSchema>;

export const sleeperLeagueListSchema = z.array(sleeperLeagueSchema).nullable();
/** Unknown league ids answer 200 `null`. */
export const sleeperLeagueLookupSchema = sleeperLeagueSchema.nullable();

export const sleeperLeagueUserSchema = z.object({
  user_id: id,
  display_name: nullableString,
  avatar: nullableString,
  is_owner: z.boolean().nullish(),
  metadata: z
    .object({
      team_name: nullableString,
      avatar: nullableString,
    })
    .nullish(),
});
export type SleeperLeagueUser = z.output<typeof sleeperLeagueUserSchema>;
export const sleeperLeagueUsersSchema = z.array(sleeperLeagueUserSchema).nullable();

export const sleeperRosterSchema = z.object({
  roster_id: z.number().int(),
  owner_id: nullableString,
  league_id: nullableString,
  co_owners: nullableStringList,
  players: nullableStringList,
  starters: nullableStringList,
  reserve: nullableStringList,
  taxi: nullableStringList,
  settings: z
    .object({
      wins: z.number().nullish(),
      losses: z.number().nullish(),
      ties: z.number().nullish(),
      fpts: z.number().nullish(),
      fpts_decimal: z.number().nullish(),
      fpts_against: z.number().nullish(),
      fpts_against_decimal: z.number().nullish(),
    })
    .nullish(),
});
export type SleeperRoster = z.output<typeof sleeperRosterSchema>;
export const sleeperRostersSchema = z.array(sleeperRosterSchema).nullable();

export const sleeperMatchupSchema = z.object({
  roster_id: z.number().int(),
  matchup_id: z.number().int().nullable().optional(),
  points: z.number().nullish(),
  custom_points: z.number().nullish(),
  starters: nullableStringList,
  starters_points: z.array(z.number().nullable()).nullish(),
  players: nullableStringList,
  players_points: numberMap.nullish(),
});
export type SleeperMatchup = z.output<typeof sleeperMatchupSchema>;
export const sleeperMatchupsSchema = z.array(sleeperMatchupSchema).nullable();

export const sleeperNflStateSchema = z.object({
  season: z.string(),
  season_type: z.string(),
  week: z.number().int(),
  display_week: z.number().int().nullish(),
  leg: z.number().int().nullish(),
  league_season: nullableString,
  previous_season: nullableString,
  season_start_date: nullableString,
});
export type SleeperNflState = z.output<typeof sleeperNflStateSchema>;

export const sleeperPlayerSchema = z.object({
  player_id: z.string().nullish(),
  full_name: nullableString,
  first_name: nullableString,
  last_name: nullableString,
  position: nullableString,
  fantasy_positions: nullableStringList,
  team: nullableString,
  active: z.boolean().nullish(),
  status: nullableString,
  injury_status: nullableString,
  years_exp: z.number().nullish(),
  yahoo_id: z.union([z.number(), z.string()]).nullish(),
  espn_id: z.union([z.number(), z.string()]).nullish(),
  gsis_id: nullableString,
  search_rank: z.number().nullish(),
});
export type SleeperPlayer = z.output<typeof sleeperPlayerSchema>;

/** `GET /v1/players/nfl`: one object keyed by player id (team defenses use the team abbreviation). */
export const sleeperPlayerDirectorySchema = z.record(z.string(), sleeperPlayerSchema);
export type SleeperPlayerDirectory = z.output<typeof sleeperPlayerDirectorySchema>;
