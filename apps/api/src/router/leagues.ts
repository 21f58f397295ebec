import { z } from 'zod';
import { connectSleeper, disconnectPlatform, getConnectionsStatus } from '../services/leagues/connections.js';
import { openLeagueWeek } from '../services/league-follow/follow-league-week.js';
import { listLeagues } from '../services/leagues/list.js';
import { SCORING_FORMAT_SPELLINGS } from '@fm/projections/scoring-formats';
import { linkEspnLeague, unlinkEspnLeague } from '../services/leagues/espn-link.js';
import { createYahooAuthUrl } from '../services/leagues/yahoo-link.js';
import { loadMatchupTimeline } from '../services/win-probability/timeline.js';
import { authedProcedure, router } from '../trpc.js';
import {
  connectionsSchema,
  espnConnectInputSchema,
  fantasyWeekParam,
  leagueDetailsSchema,
  leaguesAnswerSchema,
  matchupIdParam,
  matchupTimelineSchema,
  leaguePathParams,
  requiredFantasyWeekParam,
  seasonParam,
} from '@fm/contract';
const tags = ['leagues'];

const scoringTypeParam = z
  .enum(SCORING_FORMAT_SPELLINGS)
  .optional()
  .describe(
    'scoring to use when the league does not say how it scores (ppr, half, std; half-ppr, half_ppr, standard also accepted)',
  );

/** /leagues/*: linking Sleeper, Yahoo and ESPN leagues, and the leagues of the linked accounts. */
export const leaguesRouter = router({
  connections: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/leagues/connections', tags, summary: 'My linked accounts' } })
    .input(z.void())
    .output(connectionsSchema)
    .query(({ ctx }) => getConnectionsStatus(ctx.deps, ctx.user.id)),

  sleeperConnect: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/leagues/sleeper/connect',
        tags,
        summary: 'Link a Sleeper account by username',
      },
    })
    .input(z.object({ username: z.string().max(100) }))
    .output(connectionsSchema)
    .mutation(({ ctx, input }) => connectSleeper(ctx.deps, ctx.user.id, input.username)),

  sleeperDisconnect: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/leagues/sleeper/disconnect', tags, summary: 'Unlink Sleeper' },
    })
    .input(z.void())
    .output(connectionsSchema)
    .mutation(({ ctx }) => disconnectPlatform(ctx.deps, ctx.user.id, 'sleeper')),

  yahooAuthUrl: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/leagues/yahoo/auth-url',
        tags,
        summary: 'The Yahoo consent URL (signed state)',
      },
    })
    .input(z.void())
    .output(z.object({ url: z.string() }))
    .query(({ ctx }) => createYahooAuthUrl(ctx.deps, ctx.user.id)),

  yahooDisconnect: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/leagues/yahoo/disconnect', tags, summary: 'Unlink Yahoo' } })
    .input(z.void())
    .output(connectionsSchema)
    .mutation(({ ctx }) => disconnectPlatform(ctx.deps, ctx.user.id, 'yahoo')),

  espnConnect: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/leagues/espn/connect',
        tags,
        summary: 'Link an ESPN league by id or address (a private one with its espn_s2 and SWID cookies)',
      },
    })
    .input(espnConnectInputSchema)
    .output(connectionsSchema)
    .mutation(async ({ ctx, input }) => {
      await linkEspnLeague(ctx.deps, ctx.user.id, input);
      return getConnectionsStatus(ctx.deps, ctx.user.id);
    }),

  espnDisconnect: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/leagues/espn/disconnect', tags, summary: 'Unlink an ESPN league' },
    })
    .input(z.object({ leagueId: z.string().trim().min(1).max(20) }))
    .output(connectionsSchema)
    .mutation(async ({ ctx, input }) => {
      await unlinkEspnLeague(ctx.deps, ctx.user.id, input.leagueId);
      return getConnectionsStatus(ctx.deps, ctx.user.id);
    }),

  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/leagues/leagues',
        tags,
        summary: 'Leagues of my linked accounts (default: the current NFL season)',
      },
    })
    .input(z.object({ season: seasonParam }))
    .output(leaguesAnswerSchema)
    .query(({ ctx, input }) => listLeagues(ctx.deps, ctx.user.id, input.season)),

  details: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/leagues/leagues/{platform}/{leagueId}/details',
        tags,
        summary: 'One of my leagues: rosters, the week’s matchups and projections in its scoring',
      },
    })
    .input(
      leaguePathParams.extend({
        week: fantasyWeekParam,
        season: seasonParam.describe('ESPN leagues: the season to read (default: the one last read)'),
        scoring_type: scoringTypeParam,
      }),
    )
    .output(leagueDetailsSchema)
    .query(({ ctx, input: { scoring_type, ...input } }) =>
      openLeagueWeek(ctx.deps, ctx.user.id, { ...input, scoringType: scoring_type }),
    ),

  timeline: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/leagues/leagues/{platform}/{leagueId}/timeline',
        tags,
        summary: 'A matchup’s win probability through the week’s games, recorded on each stats change',
      },
    })
    .input(
      leaguePathParams.extend({
        week: requiredFantasyWeekParam,
        matchup_id: matchupIdParam,
      }),
    )
    .output(matchupTimelineSchema)
    .query(({ ctx, input }) =>
      loadMatchupTimeline(ctx.deps, ctx.user.id, {
        platform: input.platform,
        leagueId: input.leagueId,
        week: input.week,
        matchupId: input.matchup_id,
      }),
    ),
});
