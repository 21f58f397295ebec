import { AVAILABILITY_FILTERS, POSITIONS } from '@fm/engine';
import { z } from 'zod';
import { loadAvailableWeeks } from '../services/projections/available-weeks.js';
import {
  DEFAULT_PAGE_SIZE,
  listProjections,
  MAX_PAGE_SIZE,
  PROJECTION_SORTS,
  type ProjectionQuery,
} from '../services/projections/projection-list.js';
import { LIST_SCORINGS } from '../services/projections/list-scoring.js';
import { authedProcedure, publicProcedure, router } from '../trpc.js';
import { pageParam, searchParam, seasonParam, weekParam } from '@fm/contract';

const SCOPES = ['ALL', ...POSITIONS] as const;

/** The query of both projections paths (also parsed by the fast public route, http/projections-route.ts). */
export const projectionQueryInput = z.object({
  scope: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(SCOPES)),
  week: weekParam,
  season: seasonParam,
  team: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2,3}$/, 'must be a team abbreviation or ALL'))
      .optional(),
  ),
  page: pageParam,
  limit: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe(`default ${DEFAULT_PAGE_SIZE}`),
  ),
  search: searchParam,
  sort: z.preprocess((value) => (value === '' ? undefined : value), z.enum(PROJECTION_SORTS).optional()),
  order: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['asc', 'desc']).optional()),
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(AVAILABILITY_FILTERS)
      .optional()
      .describe(
        'healthy (no tag), questionable (Q or D), out (ruled out, IR, suspended or on bye); default all',
      ),
  ),
  players: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,9}$/, 'must be up to 10 comma-separated player ids')
      .transform((value) => value.split(','))
      .optional()
      .describe('only these players (comma-separated ids, up to 10), e.g. the ones being compared'),
  ),
  scoring: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(LIST_SCORINGS)
      .optional()
      .describe('points per reception: ppr (1), half (0.5) or std (0); default ppr'),
  ),
});

const projectionRowSchema = z.object({
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
    .enum(LIST_SCORINGS)
    .describe(
      'the scoring of the figures: the one asked for, or ppr when no projected stat line allows converting',
    ),
  source: z.string().describe('model (ours), nflcom, sleeper or import'),
  model_version: z.string().nullable(),
});

const projectionPageOutput = z.object({
  data: z.array(projectionRowSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
  week: z.number().int().nullable(),
  season: z.number().int().nullable(),
  thresholds: z.object({ boom: z.record(z.string(), z.number()), bust: z.record(z.string(), z.number()) }),
  scoring: z.enum(LIST_SCORINGS).describe('the scoring asked for'),
  close_matches: z
    .boolean()
    .describe(
      'no name contains the `search` as typed: the rows are its close spellings ("mccaffery" → McCaffrey)',
    ),
  freshness: z
    .object({
      updated_at: z.string().nullable().describe("when the week's projections last changed (ISO time)"),
      sources: z
        .array(z.string())
        .describe('where they come from, preferred first: model, nflcom, sleeper, import'),
    })
    .nullable(),
});

const availableWeeksOutput = z.object({
  seasons: z.array(z.object({ season: z.number().int(), weeks: z.array(z.number().int()) })),
  latest: z
    .object({ season: z.number().int(), week: z.number().int() })
    .nullable()
    .describe('the week answered when a query names none: the current NFL week when it has projections'),
  current: z
    .object({ season: z.number().int(), week: z.number().int() })
    .nullable()
    .describe("the NFL's current week as the live-data sync last read it"),
});

const summary =
  'One week of projections in PPR, half-PPR or standard scoring (p10/p50/p90, boom and bust chances, availability), paginated';

export const projectionsRouter = router({
  availableWeeks: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/projections/available-weeks',
        tags: ['projections'],
        summary: 'Seasons and weeks that have projections',
      },
    })
    .input(z.void())
    .output(availableWeeksOutput)
    .query(({ ctx }) => loadAvailableWeeks(ctx.deps.database)),

  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/projections/{scope}', tags: ['projections'], summary } })
    .input(projectionQueryInput)
    .output(projectionPageOutput)
    .query(({ ctx, input }) => listProjections(ctx.deps.database, input as ProjectionQuery)),

  publicList: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/projections/public/{scope}',
        tags: ['projections'],
        summary: `${summary} (no login)`,
      },
    })
    .input(projectionQueryInput)
    .output(projectionPageOutput)
    .query(({ ctx, input }) => listProjections(ctx.deps.database, input as ProjectionQuery)),
});
