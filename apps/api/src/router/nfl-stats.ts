import { z } from 'zod';
import {
  loadStatSeasons,
  seasonalAdvanced,
  seasonalCompare,
  seasonalPlayers,
  weeklyAdvanced,
  weeklyCompare,
  weeklyPlayers,
} from '../services/nfl-stats/stats-queries.js';
import { heavyPublicProcedure, router } from '../trpc.js';
import {
  MAX_COMPARED_PLAYERS,
  playerIdListParam,
  playerIdParam,
  positionParam,
  searchParam,
  seasonParam,
} from '@fm/contract';

const identity = { player_id: z.string(), player_name: z.string(), position: z.string(), team: z.string() };
const points = {
  fantasy_points_ppr: z.number(),
  fantasy_points_half_ppr: z.number(),
  fantasy_points_standard: z.number(),
};
/** A week's stat line: every player_week_stats column (pass_yd, targets…) besides these. */
const weekLineSchema = z.looseObject({
  ...identity,
  season: z.number().int(),
  week: z.number().int(),
  opponent: z.string().describe('"@BUF" for an away game'),
  is_home: z.boolean(),
  played: z.boolean().describe('false when listed without a single stat'),
  ...points,
});
/** Season totals: every stat column summed over the games played, besides these. */
const seasonRowSchema = z.looseObject({
  ...identity,
  season: z.number().int(),
  games: z.number().int(),
  ...points,
  points_per_game: z.number(),
});
const seasonNumber = z.number().int().nullable();
const playerFilterInput = z.object({ season: seasonParam, position: positionParam, search: searchParam });
// One player alone may be read through compare; the compare page asks for two at least.
const compareInput = z.object({ playerIds: playerIdListParam(1, MAX_COMPARED_PLAYERS), season: seasonParam });
const metricsSchema = z.record(z.string(), z.number().nullable());

const seasonsOutput = z.object({ data: z.array(z.number().int()) });
const tags = ['nfl-stats'];

export const nflStatsRouter = router({
  seasons: heavyPublicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nfl-stats/seasons',
        tags,
        summary: 'Seasons with weekly stats, newest first',
      },
    })
    .input(z.void())
    .output(seasonsOutput)
    .query(async ({ ctx }) => ({ data: await loadStatSeasons(ctx.deps) })),

  players: heavyPublicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nfl-stats/players',
        tags,
        summary: 'Players with weekly stats in a season',
      },
    })
    .input(playerFilterInput)
    .output(
      z.object({
        season: seasonNumber,
        data: z.array(
          z.object({
            ...identity,
            games: z.number().int(),
            weeks: z.array(z.number().int()),
            fantasy_points_ppr: z.number(),
            points_per_game: z.number(),
          }),
        ),
      }),
    )
    .query(({ ctx, input }) => weeklyPlayers(ctx.deps, input)),

  compare: heavyPublicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nfl-stats/compare',
        tags,
        summary: 'Week-by-week stat lines of up to 4 players',
      },
    })
    .input(compareInput)
    .output(
      z.object({
        season: seasonNumber,
        data: z.array(z.object({ player: z.object(identity), weeks: z.array(weekLineSchema) })),
      }),
    )
    .query(({ ctx, input }) => weeklyCompare(ctx.deps, input)),

  seasonalSeasons: heavyPublicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nfl-stats/seasonal/seasons',
        tags,
        summary: 'Seasons with season totals, newest first',
      },
    })
    .input(z.void())
    .output(seasonsOutput)
    .query(async ({ ctx }) => ({ data: await loadStatSeasons(ctx.deps) })),

  seasonalPlayers: heavyPublicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nfl-stats/seasonal/players',
        tags,
        summary: 'Season totals of every player',
      },
    })
    .input(playerFilterInput)
    .output(z.object({ season: seasonNumber, data: z.array(seasonRowSchema) }))
    .query(({ ctx, input }) => seasonalPlayers(ctx.deps, input)),

  seasonalCompare: heavyPublicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nfl-stats/seasonal/compare',
        tags,
        summary: 'Season totals of up to 4 players',
      },
    })
    .input(compareInput)
    .output(z.object({ season: seasonNumber, data: z.array(seasonRowSchema) }))
    .query(({ ctx, input }) => seasonalCompare(ctx.deps, input)),

  advancedSeasonal: heavyPublicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nfl-stats/advanced-analytics/seasonal',
        tags,
        summary: 'Usage shares and efficiency per player over a season',
      },
    })
    .input(
      playerFilterInput.extend({
        playerIds: z.preprocess((v) => (v === '' ? undefined : v), playerIdListParam(1, 100).optional()),
      }),
    )
    .output(
      z.object({
        season: seasonNumber,
        data: z.array(z.object({ ...identity, season: z.number().int(), metrics: metricsSchema })),
      }),
    )
    .query(({ ctx, input }) => seasonalAdvanced(ctx.deps, input)),

  advancedWeekly: heavyPublicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nfl-stats/advanced-analytics/weekly',
        tags,
        summary: "One player's usage shares and efficiency, week by week",
      },
    })
    .input(z.object({ season: seasonParam, playerId: playerIdParam }))
    .output(
      z.object({
        season: seasonNumber,
        player: z.object(identity),
        data: z.array(
          z.object({
            week: z.number().int(),
            team: z.string(),
            opponent: z.string(),
            metrics: metricsSchema,
          }),
        ),
      }),
    )
    .query(({ ctx, input }) => weeklyAdvanced(ctx.deps, input)),
});
