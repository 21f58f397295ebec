import { z } from 'zod';
import { FIRST_WEEK, LAST_NFL_WEEK } from './nfl-calendar.js';

/**
 * Rest-of-season tools of a linked league: free agents, trades and playoff leverage, priced in win and
 * playoff probability. Paths: /leagues/leagues/{platform}/{leagueId}/free-agents | trades/analyze |
 * trades/suggestions | playoff-leverage.
 */

/** Most players a trade may move from one side (the finder searches 1-for-1 and 2-for-1). */
export const MAX_TRADE_PLAYERS_PER_SIDE = 3;
export const FREE_AGENT_LIMIT_DEFAULT = 25;
export const FREE_AGENT_LIMIT_MAX = 100;
export const TRADE_SUGGESTION_LIMIT_DEFAULT = 10;
export const TRADE_SUGGESTION_LIMIT_MAX = 50;

export const freeAgentsInputSchema = z.object({
  week: z.coerce.number().int().min(FIRST_WEEK).max(LAST_NFL_WEEK).optional(),
  position: z
    .string()
    .max(8)
    .optional()
    .describe('one position the league starts (QB RB WR TE K DEF); absent: every started position'),
  limit: z.coerce.number().int().min(1).max(FREE_AGENT_LIMIT_MAX).default(FREE_AGENT_LIMIT_DEFAULT),
});

export const freeAgentSchema = z.object({
  player_id: z.string().describe("the league platform's player id"),
  name: z.string(),
  position: z.string(),
  team: z.string().nullable(),
  injury_status: z.string().nullable(),
  bye_week: z.number().int().nullable(),
  projection: z
    .number()
    .nullable()
    .describe("his projected points this week in the league's scoring (the mean); null without a projection"),
  ros_projection: z
    .number()
    .nullable()
    .describe(
      "his own projected points over the remaining weeks in the league's scoring; null without a projection",
    ),
  has_projection: z
    .boolean()
    .describe('false: no projection this week, so he is listed after every priced player'),
  starts_over_player_id: z
    .string()
    .nullable()
    .describe(
      "the caller's starter he would take the place of in this week's best line-up; null: he would not start",
    ),
  replaces_player_id: z
    .string()
    .nullable()
    .describe(
      "the caller's player dropped to make room for him; null: nobody (an open place, or not priced)",
    ),
  delta_win_probability: z.number().describe("change in the caller's P(win) this week after the pickup"),
  ros_points_over_replacement: z
    .number()
    .describe("rest-of-season points of the caller's best line-ups after the pickup minus before"),
  delta_playoff_probability: z.number(),
  /** The caller's best line-up of the first rest-of-season week after the pickup (player ids, best first). */
  lineup_after: z
    .array(z.string())
    .optional()
    .describe("the caller's best line-up of the first remaining week after the pickup"),
});

export const freeAgentsAnswerSchema = z.object({
  data: z.array(freeAgentSchema),
  week: z.number().int(),
  season: z.string(),
  /** Weeks the rest-of-season figures cover (this week through the last regular-season week). */
  ros_weeks: z.array(z.number().int()),
  /** Season simulations run for this answer. */
  simulations: z.number().int(),
  data_as_of: z.string(),
});

const playerIdsSchema = z.array(z.string().min(1).max(64)).max(MAX_TRADE_PLAYERS_PER_SIDE);

export const tradeAnalyzeInputSchema = z.object({
  partner_roster_id: z.coerce.number().int(),
  give: playerIdsSchema,
  get: playerIdsSchema,
});

export const tradeSideSchema = z.object({
  roster_id: z.number().int(),
  delta_playoff_probability: z.number(),
  delta_ros_points: z.number().describe("change in the rest-of-season points of the team's best line-ups"),
  delta_win_probability_next_week: z.number(),
});

export const tradeAnalysisSchema = z.object({
  you: tradeSideSchema,
  partner: tradeSideSchema,
  /** Players of the trade without a projection this week: their figures stand on a position's average. */
  players_without_projection: z
    .array(z.string())
    .describe(
      "players of the trade (give, then get) with no projection this week: valued at their position's average",
    ),
});

export const tradeSuggestionSchema = z.object({
  partner_roster_id: z.number().int(),
  give: z.array(z.string()),
  get: z.array(z.string()),
  you: tradeSideSchema,
  partner: tradeSideSchema,
  reason: z.string().describe('why the trade helps both teams, in one sentence read off their best line-ups'),
});

export const tradeSuggestionsInputSchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TRADE_SUGGESTION_LIMIT_MAX)
    .default(TRADE_SUGGESTION_LIMIT_DEFAULT),
});

export const tradeSuggestionsAnswerSchema = z.object({
  data: z.array(tradeSuggestionSchema),
  week: z.number().int(),
  season: z.string(),
  /** 1-for-1 and 2-for-1 swaps looked at with every other team, and the season and matchup simulations run. */
  trades_considered: z.number().int(),
  simulations: z.number().int(),
  data_as_of: z.string(),
});

export const playoffLeverageInputSchema = z.object({
  week: z.coerce.number().int().min(FIRST_WEEK).max(LAST_NFL_WEEK).optional(),
});

export const playoffLeverageSchema = z.object({
  roster_id: z.number().int(),
  p_playoffs_if_win: z.number(),
  p_playoffs_if_loss: z.number(),
  leverage: z.number().describe('p_playoffs_if_win − p_playoffs_if_loss'),
});

export const playoffLeverageAnswerSchema = z.object({
  data: z.array(playoffLeverageSchema),
  week: z.number().int(),
  season: z.string(),
  /** Season simulations run (one per forced result, one more when a team has no game). */
  simulations: z.number().int(),
  seasons_per_simulation: z
    .number()
    .int()
    .describe('seasons each simulation plays out: every figure is read from this many simulated seasons'),
  data_as_of: z.string(),
});

export type FreeAgent = z.output<typeof freeAgentSchema>;
export type FreeAgentsAnswer = z.output<typeof freeAgentsAnswerSchema>;
export type TradeSide = z.output<typeof tradeSideSchema>;
export type TradeAnalysis = z.output<typeof tradeAnalysisSchema>;
export type TradeSuggestion = z.output<typeof tradeSuggestionSchema>;
export type TradeSuggestionsAnswer = z.output<typeof tradeSuggestionsAnswerSchema>;
export type PlayoffLeverage = z.output<typeof playoffLeverageSchema>;
export type PlayoffLeverageAnswer = z.output<typeof playoffLeverageAnswerSchema>;
