import { z } from 'zod';

/**
 * Zod schemas for the Sleeper v1 answers we read. They accept the documented quirks
 * (nullable fields, `players: null`, absent `metadata.team_name`, ids as strings that must never
 * become numbers) and keep only the fields the app uses.
 */

/** Longer text than this from Sleeper (names, statuses) is cut: no real value comes near it. */
export const MAX_UPSTREAM_TEXT = 200;
/** A league has at most a few dozen rosters of a few dozen players: more is not a league. */
const MAX_LIST_ITEMS = 1_000;
/** The directory holds about 11,000 players; ten times that is not a directory. */
export const MAX_DIRECTORY_PLAYERS = 100_000;
/** Points per stat (and points scored) beyond this are not fantasy football: the answer is refused. */
export const MAX_UPSTREAM_POINTS = 10_000;

/**
 * Text as the database can store it and a page can show it: NUL and other control characters
 * dropped, lone surrogates replaced (U+FFFD), at most MAX_UPSTREAM_TEXT characters. One bad
 * character in one player's name must not fail a whole sync.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function cleanUpstreamText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL_CHARACTERS, '').slice(0, MAX_UPSTREAM_TEXT);
}

const text = z.string().transform(cleanUpstreamText);
/** Ids are strings; numeric ids exceed 2^53, so a number here is a contract break, not data. */
const id = z.string().min(1).max(MAX_UPSTREAM_TEXT).transform(cleanUpstreamText);
const nullableString = text.nullish();
const nullableStringList = z.array(text).max(MAX_LIST_ITEMS).nullish();
const points = z.number().min(-MAX_UPSTREAM_POINTS).max(MAX_UPSTREAM_POINTS);
const numberMap = z.record(z.string().max(MAX_UPSTREAM_TEXT), points.nullable());

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
  name: text,
  season: text,
  status: text,
  sport: z.string().nullish(),
  season_type: nullableString,
  total_rosters: z.number().int(),
  avatar: nullableString,
  previous_league_id: nullableString,
  draft_id: nullableString,
  roster_positions: nullableStringList,
  scoring_settings: numberMap.nullish(),
  settings: z.record(z.string(), z.unknown()).nullish(),
});
export type SleeperLeague = z.output<typeof sleeperLeagueSchema>;

export const sleeperLeagueListSchema = z.array(sleeperLeagueSchema).max(MAX_LIST_ITEMS).nullable();
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
export const sleeperLeagueUsersSchema = z.array(sleeperLeagueUserSchema).max(MAX_LIST_ITEMS).nullable();

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
export const sleeperRostersSchema = z.array(sleeperRosterSchema).max(MAX_LIST_ITEMS).nullable();

export const sleeperMatchupSchema = z.object({
  roster_id: z.number().int(),
  matchup_id: z.number().int().nullable().optional(),
  points: points.nullish(),
  custom_points: points.nullish(),
  starters: nullableStringList,
  starters_points: z.array(points.nullable()).max(MAX_LIST_ITEMS).nullish(),
  players: nullableStringList,
  players_points: numberMap.nullish(),
});
export type SleeperMatchup = z.output<typeof sleeperMatchupSchema>;
export const sleeperMatchupsSchema = z.array(sleeperMatchupSchema).max(MAX_LIST_ITEMS).nullable();

export const sleeperNflStateSchema = z.object({
  season: text,
  season_type: text,
  week: z.number().int().min(0).max(30),
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
export const sleeperPlayerDirectorySchema = z
  .record(z.string().max(MAX_UPSTREAM_TEXT), sleeperPlayerSchema)
  .refine((directory) => Object.keys(directory).length <= MAX_DIRECTORY_PLAYERS, {
    message: `has more than ${MAX_DIRECTORY_PLAYERS} players`,
  });
export type SleeperPlayerDirectory = z.output<typeof sleeperPlayerDirectorySchema>;
