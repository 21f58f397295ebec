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
import { LIST_SCORING_KINDS, LIST_SCORINGS } from '../services/projections/list-scoring.js';
import { resolveListScoring } from '../services/leagues/list-scoring-choice.js';
import type { ScoringViewer } from '../services/auth/scoring-preference.js';
import { isDatabaseUnavailable } from '@fm/db';
import { signedInOrVisitor } from '../http/signed-in-or-visitor.js';
import type { AppDeps } from '../deps.js';
import type { FastifyRequest } from 'fastify';
import { authedProcedure, publicProcedure, router } from '../trpc.js';
import { pageParam, type Platform, PLATFORMS, searchParam, seasonParam, weekParam } from '@fm/contract';

const SCOPES = ['ALL', ...POSITIONS] as const;
/** `sleeper:1260643183704932352`, `yahoo:449.l.12345`, `espn:27182818`. */
const LEAGUE_PARAM = new RegExp(`^(${PLATFORMS.join('|')}):[A-Za-z0-9._-]{1,100}$`);

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
      .describe(
        "points per reception: ppr (1), half (0.5) or std (0); default: the signed-in caller's saved scoring (PUT /user/me/scoring), else ppr",
      ),
  ),
  league: z.preprocess(
    (value) => (value === '' ? undefined : value),
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

type ProjectionQueryInput = z.output<typeof projectionQueryInput>;

/** The query with its scoring resolved for the viewer: their league's, the format asked for, their saved one. */
export async function queryForViewer(
  deps: AppDeps,
  viewer: ScoringViewer | null,
  input: ProjectionQueryInput,
): Promise<ProjectionQuery> {
  const { scoring, league, ...query } = input;
  return {
    ...query,
    scoring: await resolveListScoring(deps, viewer, { scoring, league }),
  } as ProjectionQuery;
}

/**
 * Who is asking on the public path, looked up only when it changes the answer (a league named, or no scoring
 * asked for, which defaults to the caller's saved one): a visitor's request costs no session lookup.
 * While the database is unreachable a sign-in cannot be checked; a request naming no league is then answered
 * as a visitor's (its `scoring` says which), so the public list stays readable from what is cached.
 */
export async function publicViewer(
  deps: AppDeps,
  req: FastifyRequest,
  input: Pick<ProjectionQueryInput, 'scoring' | 'league'>,
): Promise<ScoringViewer | null> {
  if (input.scoring && !input.league) return null;
  try {
    return (await signedInOrVisitor(deps, req))?.user ?? null;
  } catch (error) {
    if (!input.league && isDatabaseUnavailable(error)) return null;
    throw error;
  }
}

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
    .enum(LIST_SCORING_KINDS)
    .describe(
      "the scoring of the figures: the one answered (league: the league's own), or ppr when no projected stat line allows converting",
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
  scoring: z
    .enum(LIST_SCORING_KINDS)
    .describe(
      "the scoring answered: the format asked for (else the caller's saved one, else ppr), or league",
    ),
  league: z
    .object({ platform: z.enum(PLATFORMS), league_id: z.string(), name: z.string() })
    .nullable()
    .describe('the league whose own scoring the figures are in; null for a format'),
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
    .query(async ({ ctx, input }) =>
      listProjections(ctx.deps.database, await queryForViewer(ctx.deps, ctx.user, input)),
    ),

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
    .query(async ({ ctx, input }) => {
      const viewer = await publicViewer(ctx.deps, ctx.req, input);
      return listProjections(ctx.deps.database, await queryForViewer(ctx.deps, viewer, input));
    }),
});
