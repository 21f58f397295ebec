import { AVAILABILITY_FILTERS, POSITIONS } from '@fm/engine';
import { z } from 'zod';
import { PLATFORMS, type Platform } from './platforms.js';
import { pageParam, searchParam, seasonParam, weekParam } from './query-params.js';
import { SCORING_FORMATS } from './scoring-formats.js';

/** The projections list (`/projections`, `/projections/public`): its query, its rows, its sorts and pages. */

/** `projections.source` of our model's rows. */
export const MODEL_SOURCE = 'model';
/** NFL.com's published projections (the NFL_DATA_DIR files). */
export const NFLCOM_SOURCE = 'nflcom';
/** Sleeper's projections (the live-data sync). */
export const SLEEPER_SOURCE = 'sleeper';
/** ESPN's projections (league answers and ESPN's public player pool). */
export const ESPN_SOURCE = 'espn';
/** An admin's projections CSV. */
export const IMPORT_SOURCE = 'import';
/**
 * Where a projection row comes from, in the order a page prefers them when a player has several:
 * our model, then the experts it is fed, then an admin's CSV.
 */
export const PROJECTION_SOURCES = [
  MODEL_SOURCE,
  NFLCOM_SOURCE,
  SLEEPER_SOURCE,
  ESPN_SOURCE,
  IMPORT_SOURCE,
] as const;
export type ProjectionSource = (typeof PROJECTION_SOURCES)[number];

export function isProjectionSource(value: unknown): value is ProjectionSource {
  return (PROJECTION_SOURCES as readonly unknown[]).includes(value);
}

/** What a list's figures are in: one of the formats, or the chosen league's own rules. */
export const LIST_SCORING_KINDS = [...SCORING_FORMATS, 'league'] as const;
export type ListScoringKind = (typeof LIST_SCORING_KINDS)[number];

/** A list opens on page 1, 50 rows a page. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export const PROJECTION_SORTS = [
  'pred_mean',
  'pred_std',
  'p10',
  'p50',
  'p90',
  'boom_chance',
  'bust_chance',
  'player_name',
  'position',
  'team',
] as const;
export type ProjectionSort = (typeof PROJECTION_SORTS)[number];

const PROJECTION_SCOPES = ['ALL', ...POSITIONS] as const;
/** `sleeper:1260643183704932352`, `yahoo:449.l.12345`, `espn:27182818`. */
const LEAGUE_PARAM = new RegExp(`^(${PLATFORMS.join('|')}):[A-Za-z0-9._-]{1,100}$`);
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** The query of both projections paths (also parsed by the API's fast public route). */
export const projectionQuerySchema = z.object({
  scope: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(PROJECTION_SCOPES)),
  week: weekParam,
  season: seasonParam,
  team: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2,3}$/, 'must be a team abbreviation or ALL'))
      .optional(),
  ),
  page: pageParam,
  limit: z.preprocess(
    blankAsAbsent,
    z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe(`default ${DEFAULT_PAGE_SIZE}`),
  ),
  search: searchParam,
  sort: z.preprocess(blankAsAbsent, z.enum(PROJECTION_SORTS).optional()),
  order: z.preprocess(blankAsAbsent, z.enum(['asc', 'desc']).optional()),
  status: z.preprocess(
    blankAsAbsent,
    z
      .enum(AVAILABILITY_FILTERS)
      .optional()
      .describe(
        'healthy (no tag), questionable (Q or D), out (ruled out, IR, suspended or on bye); default all',
      ),
  ),
  players: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,9}$/, 'must be up to 10 comma-separated player ids')
      .transform((value) => value.split(','))
      .optional()
      .describe('only these players (comma-separated ids, up to 10), e.g. the ones being compared'),
  ),
  scoring: z.preprocess(
    blankAsAbsent,
    z
      .enum(SCORING_FORMATS)
      .optional()
      .describe(
        "points per reception: ppr (1), half (0.5) or std (0); default: the signed-in caller's saved scoring (PUT /user/me/scoring), else ppr",
      ),
  ),
  league: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(LEAGUE_PARAM, 'must be platform:league_id, e.g. sleeper:1260643183704932352')
      .transform((value) => {
        const [platform, ...id] = value.split(':');
        return { platform: platform as Platform, leagueId: id.join(':') };
      })
      .optional()
      .describe(
        "platform:league_id of one of the signed-in caller's linked leagues: every figure in that league's own scoring (scoring= is then not used)",
      ),
  ),
});
/** The query as sent (the web builds it from its filters). */
export type ProjectionQueryInput = z.input<typeof projectionQuerySchema>;
/** The query as parsed (the server answers it). */
export type ProjectionQueryParsed = z.output<typeof projectionQuerySchema>;

/** One player's projection for one week, as the projections list answers it. */
export const projectionRowSchema = z.object({
  player_id: z.string(),
  player_name: z.string(),
  position: z.string(),
  team: z.string(),
  opponent: z.string().nullable().describe('"@BUF" for an away game, "BUF" at home; null when unknown'),
  week: z.number().int(),
  season: z.number().int(),
  pred_mean: z.number(),
  pred_std: z.number(),
  p10: z.number().nullable(),
  p50: z.number().nullable(),
  p90: z.number().nullable(),
  boom_chance: z.number().describe("P(points ≥ the position's boom threshold), in the row's scoring"),
  bust_chance: z.number().describe("P(points < the position's bust threshold), in the row's scoring"),
  status: z
    .string()
    .nullable()
    .describe('Q, D, O, IR, Sus, BYE…: his status in the week in play; null when healthy'),
  status_reason: z.string().nullable().describe('the status in words, e.g. "Ruled out", "Bye week"'),
  is_out: z.boolean().describe('will not play this week: every figure is 0'),
  scoring: z
    .enum(LIST_SCORING_KINDS)
    .describe(
      "the scoring of the figures: the one answered (league: the league's own), or ppr when no projected stat line allows converting",
    ),
  source: z.enum(PROJECTION_SOURCES).describe('model (ours), nflcom, sleeper, espn or import'),
  model_version: z.string().nullable(),
});
export type ProjectionRow = z.output<typeof projectionRowSchema>;
