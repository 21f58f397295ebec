import { z } from 'zod';

/** A week has at most 16 games; anything far beyond is not a week's scoreboard. */
export const MAX_SCOREBOARD_EVENTS = 40;

const competitorSchema = z.object({
  homeAway: z.enum(['home', 'away']),
  score: z.union([z.string(), z.number()]).nullish(),
  team: z.object({ abbreviation: z.string().min(1).max(6) }),
});

const statusSchema = z.object({
  /** Seconds left in the period. */
  clock: z.number().min(0).max(3_600).nullish(),
  displayClock: z.string().max(16).nullish(),
  period: z.number().int().min(0).max(10).nullish(),
  type: z.object({
    /** pre / in / post: the game's state (the period says nothing before kickoff). */
    state: z.enum(['pre', 'in', 'post']),
    /** STATUS_SCHEDULED, STATUS_IN_PROGRESS, STATUS_HALFTIME, STATUS_FINAL, STATUS_POSTPONED, STATUS_CANCELED… */
    name: z.string().max(64).nullish(),
    description: z.string().max(128).nullish(),
    completed: z.boolean().nullish(),
  }),
});

const eventSchema = z.object({
  id: z.string().max(32),
  date: z.string().max(40).nullish(),
  status: statusSchema,
  competitions: z
    .array(z.object({ competitors: z.array(competitorSchema).length(2), status: statusSchema.nullish() }))
    .min(1),
});

/** ESPN's public NFL scoreboard: the games of one week with their state, clock and score. */
export const scoreboardSchema = z.object({
  events: z.array(eventSchema).max(MAX_SCOREBOARD_EVENTS),
});

export type ScoreboardAnswer = z.output<typeof scoreboardSchema>;
export type ScoreboardEvent = ScoreboardAnswer['events'][number];
