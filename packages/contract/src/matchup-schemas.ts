import { DEFAULT_ITERATIONS, MAX_ITERATIONS, MIN_ITERATIONS, PLAYER_GAME_STATES } from '@fm/engine';
import { z } from 'zod';
import type { PlayerRefKind, StarterRequest, TeamInput } from './matchup-request.js';
import { FIRST_SEASON, FIRST_WEEK, LAST_NFL_WEEK, LAST_SEASON } from './nfl-calendar.js';
import { PLATFORMS } from './platforms.js';

/** Request shapes of /matchup/simulate and /matchup/analyze. */

export const MAX_STARTERS = 30;

const playerRef = z
  .union([z.string().trim().min(1).max(64), z.number().int().nonnegative()], {
    error: 'a player id is a Sleeper id or the app’s id (text or a whole number)',
  })
  .transform(String);

const points = z.number().min(-100).max(200).nullable().optional();

const starterObject = z
  .object({
    id: playerRef.optional().describe('the app’s player id (players.id)'),
    sleeper_id: playerRef.optional(),
    player_id: playerRef.optional().describe('a Sleeper id, else the app’s id'),
    actual_points: points.describe('points scored; with is_final (default true) the score is fixed'),
    actualPoints: points,
    is_final: z.boolean().optional(),
    isFinal: z.boolean().optional(),
    is_out: z.boolean().optional().describe('ruled out or on bye: scores zero'),
    isOut: z.boolean().optional(),
    game_state: z
      .enum(PLAYER_GAME_STATES)
      .optional()
      .describe('where his game stands (as the league details answer gives it); omitted: the server decides'),
    points: z.number().min(-100).max(200).nullable().optional().describe('with game_state: points so far'),
    fraction_remaining: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('with game_state: share of his game left'),
  })
  .refine((o) => o.id ?? o.sleeper_id ?? o.player_id, {
    error: 'a starter needs player_id, sleeper_id or id',
  })
  .transform((o): StarterRequest => {
    const [ref, kind]: [string, PlayerRefKind] = o.sleeper_id
      ? [o.sleeper_id, 'sleeper']
      : o.player_id
        ? [o.player_id, 'any']
        : [o.id!, 'app'];
    const actualPoints = o.actual_points ?? o.actualPoints ?? null;
    const isFinal = actualPoints !== null && (o.is_final ?? o.isFinal ?? true);
    const game = o.game_state
      ? {
          state: o.game_state,
          points: o.points ?? 0,
          fractionRemaining:
            o.game_state === 'in' ? (o.fraction_remaining ?? 1) : o.game_state === 'pre' ? 1 : 0,
        }
      : null;
    return { ref, kind, actualPoints, isFinal, isOut: o.is_out ?? o.isOut ?? false, game };
  });

/** What a caller may send as one starter: a bare id, or an object naming one. */
export type StarterInput = string | number | z.input<typeof starterObject>;

// A bare id means the same as { player_id }. The input is declared as the union a caller may send
// (rather than `unknown`), so typed clients are checked; the schema still reads anything safely.
const starter = z.preprocess(
  (value: StarterInput) =>
    typeof value === 'string' || typeof value === 'number' ? { player_id: value } : value,
  starterObject,
);

const starters = z
  .array(starter)
  .min(1, 'needs at least one starter')
  .max(MAX_STARTERS, `has more than ${MAX_STARTERS} starters`);

export const iterationsField = z
  .number()
  .int(
    `must be a whole number from ${MIN_ITERATIONS.toLocaleString('en-US')} to ${MAX_ITERATIONS.toLocaleString('en-US')}`,
  )
  .min(MIN_ITERATIONS, `must be at least ${MIN_ITERATIONS.toLocaleString('en-US')}`)
  .max(MAX_ITERATIONS, `must be at most ${MAX_ITERATIONS.toLocaleString('en-US')}`);

const optionFields = {
  league_id: z
    .union([z.string().trim().min(1).max(64), z.number().int().nonnegative()])
    .transform(String)
    .optional(),
  platform: z.enum(PLATFORMS).optional(),
  season: z.number().int().min(FIRST_SEASON).max(LAST_SEASON).optional(),
  week: z.number().int().min(FIRST_WEEK).max(LAST_NFL_WEEK).optional(),
  iterations: iterationsField
    .optional()
    .describe(`Monte Carlo iterations, default ${DEFAULT_ITERATIONS.toLocaleString('en-US')}`),
  seed: z
    .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(128)])
    .optional()
    .describe('same seed and line-ups → the same numbers, here and in the browser engine'),
  scoring_settings: z
    .record(z.string().max(64), z.number().min(-1000).max(1000))
    .refine((scoring) => Object.keys(scoring).length <= 500, { error: 'has more than 500 scoring keys' })
    .optional()
    .describe(
      'points per stat (Sleeper keys: pass_yd, rec…). Without it, a request naming league_id and platform is scored with that league’s rules, any other in PPR',
    ),
};

const teamObject = z
  .object(
    {
      starters,
      name: z.string().trim().max(100).nullable().optional(),
      roster_id: z
        .union([z.string().max(64), z.number().int()])
        .nullable()
        .optional(),
      ...optionFields,
    },
    { error: 'must be a list of player ids or { starters: [player ids] }' },
  )
  .transform(({ starters: list, name, roster_id, ...options }): TeamInput => ({
    ...options,
    starters: list,
    name: name ?? null,
    rosterId: roster_id === null || roster_id === undefined ? null : String(roster_id),
  }));

/** What a caller may send as a team: `{ starters: [...] }` or a bare array of starters. */
export type TeamRequestInput = StarterInput[] | z.input<typeof teamObject>;

/**
 * `{ starters: [...] }` or a bare array of player ids (read as `{ starters: array }`, so a bare
 * array's problems are named `….starters…` as the object's are). Typed as the union above.
 */
export const teamSchema = z.preprocess(
  (value: TeamRequestInput) => (Array.isArray(value) ? { starters: value } : value),
  teamObject,
);

export const matchupOptionsSchema = z.object(optionFields);

/** `/matchup/simulate` names the sides in snake_case, `/matchup/analyze` in camelCase. */
export const simulateInput = matchupOptionsSchema.extend({
  user_team: teamSchema,
  opponent_team: teamSchema,
});
export const analyzeInput = matchupOptionsSchema.extend({ userTeam: teamSchema, opponentTeam: teamSchema });

const histogramSchema = z.object({
  bin_edges: z
    .array(z.number())
    .describe('bins + 1 ascending edges; bin i covers [bin_edges[i], bin_edges[i+1])'),
  counts: z.array(z.number().int()),
});

const scoreSummaryShape = {
  mean: z.number(),
  median: z.number(),
  std: z.number(),
  p10: z.number(),
  p25: z.number(),
  p75: z.number(),
  p90: z.number(),
  min: z.number(),
  max: z.number(),
  histogram: histogramSchema,
};

const playerAnswerSchema = z.object({
  player_id: z.string().describe('the id as the request named him'),
  id: z
    .number()
    .int()
    .nullable()
    .describe('the app’s player id; null for a league player our directory does not know (a league’s run)'),
  sleeper_id: z.string().nullable(),
  name: z.string(),
  position: z.string(),
  team: z.string(),
  opponent: z.string().nullable(),
  depth_rank: z.number().int().nullable(),
  status: z
    .enum(['projected', 'baseline', 'final', 'out'])
    .describe(
      'projected: from `source`; baseline: no projection this week, the positional baseline was used',
    ),
  is_baseline: z.boolean().describe('no projection this week: the positional baseline was used'),
  source: z.string().nullable().describe('model, nflcom or import; null without a projection'),
  projection: z
    .object({
      pred_mean: z.number(),
      pred_std: z.number(),
      p10: z.number().nullable(),
      p50: z.number().nullable(),
      p90: z.number().nullable(),
    })
    .nullable()
    .describe('the stored projection used; null without one'),
  distribution: z.object({
    mean: z.number(),
    std: z.number(),
    p10: z.number(),
    p50: z.number(),
    p90: z.number(),
  }),
  simulated_mean: z.number(),
  boom_probability: z.number().nullable(),
  bust_probability: z.number().nullable(),
  swing_share: z
    .number()
    .describe('share of the margin’s variance this player carries (the shares of all players sum to 1)'),
  actual_points: z.number().nullable(),
  game_state: z.enum(PLAYER_GAME_STATES).describe('where his game stood: pre, in, final, bye, out'),
  points: z.number().nullable().describe('points so far this week in the simulation’s scoring'),
  fraction_remaining: z.number().min(0).max(1).describe('share of his game still to play'),
});

const teamAnswerSchema = z.object({
  name: z.string().nullable(),
  roster_id: z.string().nullable(),
  ...scoreSummaryShape,
  players: z.array(playerAnswerSchema),
});

export const simulationAnswerSchema = z.object({
  simulation_id: z.string(),
  kind: z.enum(['simulate', 'analyze']),
  predicted_score_difference: z.number().describe('mean of user minus opponent points'),
  win_probability: z.number().describe('P(user wins), ties counted half'),
  tie_probability: z.number(),
  win_probability_standard_error: z.number(),
  iterations: z.number().int(),
  seed: z.union([z.number(), z.string()]),
  season: z.number().int().nullable(),
  week: z.number().int().nullable(),
  league_id: z.string().nullable(),
  duration_ms: z.number(),
  user_team: teamAnswerSchema,
  opponent_team: teamAnswerSchema,
  difference: z.object(scoreSummaryShape).describe('user minus opponent points'),
  baseline_players: z
    .array(z.string())
    .describe('player_id of every starter simulated from the positional baseline (no projection this week)'),
  scoring: z
    .enum(['request', 'league', 'ppr'])
    .describe('the scoring used: the request’s scoring_settings, the named league’s rules, or PPR'),
});

const teamRangeSchema = z.object({
  upside: z.number().describe('p90 − median: how far a good week lifts the team'),
  downside: z.number().describe('median − p10: how far a bad week drops it'),
  std: z.number(),
});

export const analysisAnswerSchema = simulationAnswerSchema.extend({
  analysis: z.object({
    verdict: z.enum(['strong favorite', 'favorite', 'toss-up', 'underdog', 'strong underdog']),
    key_players: z
      .array(
        z.object({
          player_id: z.string(),
          name: z.string(),
          position: z.string(),
          side: z.enum(['user', 'opponent']),
          swing_share: z.number(),
          boom_probability: z.number().nullable(),
          bust_probability: z.number().nullable(),
        }),
      )
      .describe('the players who swing the margin most, among those whose points are still to be scored'),
    position_edges: z.array(
      z.object({
        position: z.string(),
        user_points: z.number(),
        opponent_points: z.number(),
        edge: z.number(),
      }),
    ),
    user_range: teamRangeSchema,
    opponent_range: teamRangeSchema,
  }),
});

export type HistogramAnswer = z.output<typeof histogramSchema>;
export type ScoreSummaryAnswer = SimulationAnswer['difference'];
export type PlayerAnswer = z.output<typeof playerAnswerSchema>;
export type PlayerStatusAnswer = PlayerAnswer['status'];
export type TeamAnswer = z.output<typeof teamAnswerSchema>;
/** The answer of /matchup/simulate (and the core of /matchup/analyze). */
export type SimulationAnswer = z.output<typeof simulationAnswerSchema>;
export type AnalysisAnswer = z.output<typeof analysisAnswerSchema>;
/** The extra reading /matchup/analyze gives on top of a simulation. */
export type MatchupAnalysis = AnalysisAnswer['analysis'];
export type MatchupVerdict = MatchupAnalysis['verdict'];
export type KeyPlayer = MatchupAnalysis['key_players'][number];
export type PositionEdge = MatchupAnalysis['position_edges'][number];
export type TeamRange = MatchupAnalysis['user_range'];
