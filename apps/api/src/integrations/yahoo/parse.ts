import { z } from 'zod';

/**
 * The one place that reads Yahoo Fantasy's JSON (a mechanical translation of its XML):
 * collections are numbered-key objects (`{"0": {...}, "count": 2}`), resources are positional
 * arrays (`league: [meta, {teams}]`), and records are arrays of single-key objects with `[]`
 * placeholders. Everything leaves this module as plain typed objects with real numbers and booleans.
 */

export class YahooShapeError extends Error {
  override name = 'YahooShapeError';
}

type Json = Record<string, unknown>;

// ---- value coercion: Yahoo mixes 5 / "5", 1 / "1" / true, and uses `false` for "no URL" ----

const intLike = z.union([z.number(), z.string().regex(/^-?\d+$/)]).transform(Number);
const numberLike = z.union([z.number(), z.string().regex(/^-?\d*\.?\d+$/)]).transform(Number);
const boolLike = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('')])
  .transform((v) => v === true || v === 1 || v === '1');
const urlOrNone = z.union([z.string(), z.literal(false), z.null()]).transform((v) => (v ? v : null));
const text = z.union([z.string(), z.number()]).transform(String);

// ---- structure helpers ----

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function expectObject(value: unknown, where: string): Json {
  if (!isObject(value)) throw new YahooShapeError(`expected an object at ${where}`);
  return value;
}

/** Merges a record spread over arrays of single-key objects, skipping `[]` and null placeholders. */
export function mergeRecord(parts: unknown): Json {
  const merged: Json = {};
  const visit = (part: unknown) => {
    if (Array.isArray(part)) part.forEach(visit);
    else if (isObject(part)) Object.assign(merged, part);
  };
  visit(parts);
  return merged;
}

/** Items of a numbered-key collection: `{"0": {item: A}, "1": {item: B}, "count": 2}` → [A, B]. */
export function collectionItems(collection: unknown, itemKey: string, where: string): unknown[] {
  if (
    collection === undefined ||
    collection === null ||
    (Array.isArray(collection) && collection.length === 0)
  )
    return [];
  const object = expectObject(collection, where);
  const indexes = Object.keys(object)
    .filter((key) => /^\d+$/.test(key))
    .map(Number)
    .sort((a, b) => a - b);
  return indexes.map((index) => {
    const entry = expectObject(object[String(index)], `${where}.${index}`);
    if (!(itemKey in entry)) throw new YahooShapeError(`expected "${itemKey}" at ${where}.${index}`);
    return entry[itemKey];
  });
}

/** The `fantasy_content` envelope every answer is wrapped in. */
function fantasyContent(body: unknown): Json {
  return expectObject(expectObject(body, 'body').fantasy_content, 'fantasy_content');
}

/** A positional resource (`league: [meta, {sub}]`): its metadata and the merged sub-resources. */
function splitResource(resource: unknown, where: string): { meta: Json; sub: Json } {
  if (!Array.isArray(resource)) return { meta: expectObject(resource, where), sub: {} };
  const [meta, ...rest] = resource;
  return { meta: mergeRecord(meta), sub: mergeRecord(rest) };
}

function validate<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new YahooShapeError(`${where}.${issue.path.join('.')}: ${issue.message}`);
}

// ---- records ----

const gameSchema = z.object({
  game_key: text,
  game_id: text.optional(),
  code: z.string(),
  name: z.string().optional(),
  season: text,
});
export type YahooGame = z.output<typeof gameSchema>;

const leagueSchema = z.object({
  league_key: z.string(),
  league_id: text,
  name: z.string(),
  url: z.string().optional(),
  logo_url: urlOrNone.optional().transform((v) => v ?? null),
  draft_status: z.string().optional(),
  num_teams: intLike,
  scoring_type: z.string().optional(),
  current_week: intLike.optional(),
  start_week: intLike.optional(),
  end_week: intLike.optional(),
  is_finished: boolLike.optional().transform((v) => v ?? false),
  game_code: z.string().optional(),
  season: text,
});
export type YahooLeague = z.output<typeof leagueSchema>;

const managerSchema = z.object({
  manager_id: text.optional(),
  nickname: z.string().optional(),
  guid: z.string().optional(),
  image_url: z.string().optional(),
  is_current_login: boolLike.optional(),
});
export type YahooManager = z.output<typeof managerSchema>;

const pointsSchema = z.object({ total: numberLike }).optional();

const teamSchema = z.object({
  team_key: z.string(),
  team_id: intLike,
  name: z.string(),
  is_owned_by_current_login: boolLike.optional().transform((v) => v ?? false),
  team_logos: z.array(z.object({ team_logo: z.object({ url: z.string() }) })).optional(),
  managers: z.array(z.object({ manager: managerSchema })).optional(),
  team_points: pointsSchema,
  team_projected_points: pointsSchema,
  win_probability: z.number().optional(),
  team_standings: z
    .object({
      rank: intLike.optional(),
      playoff_seed: intLike.optional(),
      outcome_totals: z.object({ wins: intLike, losses: intLike, ties: intLike }).optional(),
      points_for: numberLike.optional(),
      points_against: numberLike.optional(),
    })
    .optional(),
});

export interface YahooTeam {
  team_key: string;
  team_id: number;
  name: string;
  logo_url: string | null;
  is_owned_by_current_login: boolean;
  managers: YahooManager[];
  points: number | null;
  projected_points: number | null;
  win_probability: number | null;
  standings: {
    rank: number | null;
    wins: number;
    losses: number;
    ties: number;
    points_for: number;
    points_against: number;
  } | null;
}

function parseTeam(team: unknown, where: string): YahooTeam {
  const { meta, sub } = splitResource(team, where);
  const t = validate(teamSchema, { ...meta, ...sub }, where);
  const standings = t.team_standings;
  return {
    team_key: t.team_key,
    team_id: t.team_id,
    name: t.name,
    logo_url: t.team_logos?.[0]?.team_logo.url ?? null,
    is_owned_by_current_login: t.is_owned_by_current_login,
    managers: (t.managers ?? []).map((m) => m.manager),
    points: t.team_points?.total ?? null,
    projected_points: t.team_projected_points?.total ?? null,
    win_probability: t.win_probability ?? null,
    standings: standings
      ? {
          rank: standings.rank ?? null,
          wins: standings.outcome_totals?.wins ?? 0,
          losses: standings.outcome_totals?.losses ?? 0,
          ties: standings.outcome_totals?.ties ?? 0,
          points_for: standings.points_for ?? 0,
          // Yahoo sends float noise here (507.08000000000004).
          points_against: Math.round((standings.points_against ?? 0) * 100) / 100,
        }
      : null,
  };
}

const playerSchema = z.object({
  player_key: z.string(),
  player_id: text,
  name: z.object({ full: z.string() }),
  editorial_team_abbr: z.string().optional(),
  display_position: z.string().optional(),
  primary_position: z.string().optional(),
  eligible_positions: z.array(z.object({ position: z.string() })).optional(),
  status: z.string().optional(),
  injury_note: z.string().optional(),
  selected_position: z.array(z.unknown()).optional(),
  player_points: pointsSchema,
  player_stats: z
    .object({ stats: z.array(z.object({ stat: z.object({ stat_id: text, value: z.unknown() }) })) })
    .optional(),
});

export interface YahooPlayer {
  player_key: string;
  player_id: string;
  full_name: string;
  /** Upper-cased NFL team code ("Phi" → "PHI"); null for free agents. */
  team: string | null;
  /** Primary position; DEF for team defenses. */
  position: string;
  eligible_positions: string[];
  status: string | null;
  injury_note: string | null;
  /** The lineup slot this week (QB, W/R/T, BN, IR…), when the answer is a roster. */
  selected_position: string | null;
  points: number | null;
  stats: Record<string, number>;
}

function parsePlayer(player: unknown, where: string): YahooPlayer {
  const { meta, sub } = splitResource(player, where);
  const p = validate(playerSchema, { ...meta, ...sub }, where);
  const stats: Record<string, number> = {};
  for (const { stat } of p.player_stats?.stats ?? []) {
    const value = Number(stat.value);
    if (Number.isFinite(value)) stats[stat.stat_id] = value;
  }
  const selected = p.selected_position ? mergeRecord(p.selected_position).position : undefined;
  return {
    player_key: p.player_key,
    player_id: p.player_id,
    full_name: p.name.full,
    team: p.editorial_team_abbr ? p.editorial_team_abbr.toUpperCase() : null,
    position: p.primary_position ?? p.display_position?.split(',')[0] ?? 'N/A',
    eligible_positions: (p.eligible_positions ?? []).map((e) => e.position),
    status: p.status ?? null,
    injury_note: p.injury_note ?? null,
    selected_position: typeof selected === 'string' ? selected : null,
    points: p.player_points?.total ?? null,
    stats,
  };
}

// ---- answers ----

export interface YahooUserGame {
  game: YahooGame;
  leagues: YahooLeague[];
  teams: YahooTeam[];
}

/** `users;use_login=1/games[...]/leagues|teams`: a game is a plain object or `[game, {leagues|teams}]`. */
export function parseUserGames(body: unknown): YahooUserGame[] {
  const [user] = collectionItems(fantasyContent(body).users, 'user', 'users');
  if (user === undefined) return [];
  const games = collectionItems(mergeRecord(user).games, 'game', 'users.0.user.games');
  return games.map((entry, i) => {
    const where = `games.${i}`;
    const { meta, sub } = splitResource(entry, where);
    return {
      game: validate(gameSchema, meta, where),
      leagues: collectionItems(sub.leagues, 'league', `${where}.leagues`).map((l, j) =>
        validate(leagueSchema, splitResource(l, `${where}.leagues.${j}`).meta, `${where}.leagues.${j}`),
      ),
      teams: collectionItems(sub.teams, 'team', `${where}.teams`).map((t, j) =>
        parseTeam(t, `${where}.teams.${j}`),
      ),
    };
  });
}

function leagueParts(body: unknown): { league: YahooLeague; sub: Json } {
  const { meta, sub } = splitResource(fantasyContent(body).league, 'league');
  return { league: validate(leagueSchema, meta, 'league'), sub };
}

/** `league/{key}/teams` and `league/{key}/standings` (standings nest teams in a one-element array). */
export function parseLeagueTeams(body: unknown): { league: YahooLeague; teams: YahooTeam[] } {
  const { league, sub } = leagueParts(body);
  const teams = sub.teams ?? mergeRecord(sub.standings).teams;
  if (teams === undefined) throw new YahooShapeError('expected teams or standings at league[1]');
  return {
    league,
    teams: collectionItems(teams, 'team', 'league.teams').map((t, i) => parseTeam(t, `league.teams.${i}`)),
  };
}

export interface YahooMatchup {
  week: number;
  status: string;
  is_playoffs: boolean;
  is_consolation: boolean;
  is_tied: boolean;
  winner_team_key: string | null;
  teams: YahooTeam[];
}

const matchupSchema = z.object({
  week: intLike,
  status: z.string(),
  is_playoffs: boolLike.optional().transform((v) => v ?? false),
  is_consolation: boolLike.optional().transform((v) => v ?? false),
  is_tied: boolLike.optional().transform((v) => v ?? false),
  winner_team_key: z.string().optional(),
});

/** `league/{key}/scoreboard[;week=N]`: matchup fields sit next to the `"0": {teams}` key. */
export function parseScoreboard(body: unknown): {
  league: YahooLeague;
  week: number;
  matchups: YahooMatchup[];
} {
  const { league, sub } = leagueParts(body);
  const scoreboard = expectObject(sub.scoreboard, 'league.scoreboard');
  const matchupsCollection = expectObject(scoreboard['0'], 'scoreboard.0').matchups;
  const matchups = collectionItems(matchupsCollection, 'matchup', 'scoreboard.matchups').map((raw, i) => {
    const where = `scoreboard.matchups.${i}`;
    const matchup = expectObject(raw, where);
    const m = validate(matchupSchema, matchup, where);
    const teams = collectionItems(expectObject(matchup['0'], `${where}.0`).teams, 'team', `${where}.teams`);
    return {
      ...m,
      winner_team_key: m.winner_team_key ?? null,
      teams: teams.map((t, j) => parseTeam(t, `${where}.teams.${j}`)),
    };
  });
  const week =
    validate(intLike.optional(), scoreboard.week, 'scoreboard.week') ??
    matchups[0]?.week ??
    league.current_week ??
    0;
  return { league, week, matchups };
}

/** `team/{key}/roster[;week=N]`. */
export function parseTeamRoster(body: unknown): {
  team: YahooTeam;
  week: number | null;
  players: YahooPlayer[];
} {
  const resource = fantasyContent(body).team;
  if (!Array.isArray(resource)) throw new YahooShapeError('expected the team resource to be an array');
  const team = parseTeam([resource[0]], 'team');
  const roster = expectObject(mergeRecord(resource.slice(1)).roster, 'team.roster');
  const week = validate(intLike.optional(), roster.week, 'team.roster.week') ?? null;
  const players = collectionItems(
    expectObject(roster['0'], 'team.roster.0').players,
    'player',
    'roster.players',
  );
  return { team, week, players: players.map((p, i) => parsePlayer(p, `roster.players.${i}`)) };
}

const settingsSchema = z.object({
  uses_playoff: boolLike.optional(),
  playoff_start_week: intLike.optional(),
  num_playoff_teams: intLike.optional(),
  roster_positions: z
    .array(
      z.object({
        roster_position: z.object({
          position: z.string(),
          count: intLike,
          position_type: z.string().optional(),
          is_starting_position: boolLike.optional(),
        }),
      }),
    )
    .optional(),
  stat_categories: z
    .object({
      stats: z.array(
        z.object({
          stat: z.object({
            stat_id: text,
            name: z.string().optional(),
            display_name: z.string().optional(),
            enabled: boolLike.optional(),
          }),
        }),
      ),
    })
    .optional(),
  stat_modifiers: z
    .object({ stats: z.array(z.object({ stat: z.object({ stat_id: text, value: numberLike }) })) })
    .optional(),
});

export interface YahooLeagueSettings {
  playoff_start_week: number | null;
  num_playoff_teams: number | null;
  roster_positions: {
    position: string;
    count: number;
    position_type: string | null;
    is_starting_position: boolean;
  }[];
  stat_categories: { stat_id: string; name: string; display_name: string; enabled: boolean }[];
  /** Points per unit by Yahoo stat id. */
  stat_modifiers: Record<string, number>;
}

/** `league/{key}/settings`: `settings` is a positional array whose first element holds the rules. */
export function parseLeagueSettings(body: unknown): { league: YahooLeague; settings: YahooLeagueSettings } {
  const { league, sub } = leagueParts(body);
  const raw = Array.isArray(sub.settings) ? sub.settings[0] : sub.settings;
  const s = validate(settingsSchema, expectObject(raw, 'league.settings.0'), 'league.settings.0');
  return {
    league,
    settings: {
      playoff_start_week: s.uses_playoff === false ? null : (s.playoff_start_week ?? null),
      num_playoff_teams: s.uses_playoff === false ? null : (s.num_playoff_teams ?? null),
      roster_positions: (s.roster_positions ?? []).map(({ roster_position: p }) => ({
        position: p.position,
        count: p.count,
        position_type: p.position_type ?? null,
        is_starting_position: p.is_starting_position ?? !['BN', 'IR'].includes(p.position),
      })),
      stat_categories: (s.stat_categories?.stats ?? []).map(({ stat }) => ({
        stat_id: stat.stat_id,
        name: stat.name ?? stat.stat_id,
        display_name: stat.display_name ?? stat.name ?? stat.stat_id,
        enabled: stat.enabled ?? true,
      })),
      stat_modifiers: Object.fromEntries(
        (s.stat_modifiers?.stats ?? []).map(({ stat }) => [stat.stat_id, stat.value]),
      ),
    },
  };
}
