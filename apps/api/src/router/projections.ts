import { z } from 'zod';
import { loadAvailableWeeks } from '../services/projections/available-weeks.js';
import { listProjections } from '../services/projections/projection-list.js';
import { queryForViewer } from '../services/projections/viewer-query.js';
import { publicViewer } from '../http/public-viewer.js';
import { countProjectionListRead } from '../services/rate-limits/heavy-public-reads.js';
import { authedProcedure, publicProcedure, router } from '../trpc.js';
import { LIST_SCORING_KINDS, PLATFORMS, projectionQuerySchema, projectionRowSchema } from '@fm/contract';

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
    .query(({ ctx }) => loadAvailableWeeks(ctx.deps)),

  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/projections/{scope}', tags: ['projections'], summary } })
    .input(projectionQuerySchema)
    .output(projectionPageOutput)
    .query(async ({ ctx, input }) => {
      await countProjectionListRead(ctx.deps, ctx.req.client);
      return listProjections(ctx.deps, await queryForViewer(ctx.deps, ctx.user, input));
    }),

  publicList: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/projections/public/{scope}',
        tags: ['projections'],
        summary: `${summary} (no login)`,
      },
    })
    .input(projectionQuerySchema)
    .output(projectionPageOutput)
    .query(async ({ ctx, input }) => {
      await countProjectionListRead(ctx.deps, ctx.req.client);
      const viewer = await publicViewer(ctx.deps, ctx.req, input);
      return listProjections(ctx.deps, await queryForViewer(ctx.deps, viewer, input));
    }),
});
