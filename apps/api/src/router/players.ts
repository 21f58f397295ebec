import { z } from 'zod';
import { findPlayers, MAX_DIRECTORY_LIMIT } from '../services/players/player-directory.js';
import { publicProcedure, router } from '../trpc.js';
import { booleanParam, positionParam, searchParam } from '@fm/contract';

const directoryPlayerSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  position: z.string(),
  team: z.string(),
  active: z.boolean(),
  sleeper_id: z.string().nullable(),
  nfl_id: z.string().nullable(),
  projected_points: z.number().nullable(),
});

export const playersRouter = router({
  list: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/players', tags: ['players'], summary: 'The player directory' },
    })
    .input(
      z.object({
        active: booleanParam.describe('only active players'),
        all: booleanParam.describe('every matching player (no limit)'),
        search: searchParam,
        position: positionParam,
        limit: z.preprocess(
          (value) => (value === '' ? undefined : value),
          z.coerce.number().int().min(1).max(MAX_DIRECTORY_LIMIT).optional(),
        ),
      }),
    )
    .output(z.object({ players: z.array(directoryPlayerSchema) }))
    .query(async ({ ctx, input }) => ({ players: await findPlayers(ctx.deps, input) })),
});
