import { POSITIONS } from '@fm/engine';
import { z } from 'zod';
import { FIRST_SEASON, FIRST_WEEK, LAST_FANTASY_WEEK, LAST_NFL_WEEK, LAST_SEASON } from './nfl-calendar.js';

/**
 * Query-string fields shared by the data routers. A query string carries text, so numbers are
 * coerced; an empty value counts as absent.
 */
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

export const seasonParam = z.preprocess(
  blankAsAbsent,
  z.coerce.number().int().min(FIRST_SEASON).max(LAST_SEASON).optional(),
);
/** A week of NFL stats or projections (regular season and post-season). */
export const weekParam = z.preprocess(
  blankAsAbsent,
  z.coerce.number().int().min(FIRST_WEEK).max(LAST_NFL_WEEK).optional(),
);
/** A week of a fantasy league that must be given. */
export const requiredFantasyWeekParam = z.preprocess(
  blankAsAbsent,
  z.coerce.number().int().min(FIRST_WEEK).max(LAST_FANTASY_WEEK),
);
/** A league's matchup number (Sleeper's matchup_id; 0 is a valid one). */
export const matchupIdParam = z.preprocess(blankAsAbsent, z.coerce.number().int().min(0).max(1_000));
/** A week of a fantasy league (regular season only). */
export const fantasyWeekParam = z.preprocess(
  blankAsAbsent,
  z.coerce.number().int().min(FIRST_WEEK).max(LAST_FANTASY_WEEK).optional(),
);
export const pageParam = z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(100_000).optional());
export const playerIdParam = z.coerce.number().int().positive();

/** `true`/`false`/`1`/`0` (any case); absent stays absent. */
export const booleanParam = z.preprocess(
  blankAsAbsent,
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'TRUE', 'FALSE', 'True', 'False'])])
    .transform(
      (value) => value === true || value === 'true' || value === '1' || value === 'TRUE' || value === 'True',
    )
    .optional(),
);

/** The most players one comparison takes: the stats API's compare and the compare page. */
export const MAX_COMPARED_PLAYERS = 4;

/** "12,34" → [12, 34]: between `min` and `max` distinct positive ids. */
export const playerIdListParam = (min: number, max: number) =>
  z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,9}$/, 'player ids are whole numbers')
            .transform(Number),
        )
        .min(min, `give at least ${min} player id${min === 1 ? '' : 's'}`)
        .max(max, `give at most ${max} player ids`),
    );

export const searchParam = z.preprocess(blankAsAbsent, z.string().trim().max(100).optional());

export const positionParam = z.preprocess(
  blankAsAbsent,
  z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(POSITIONS))
    .optional(),
);
