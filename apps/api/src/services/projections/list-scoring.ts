import { POINTS_PER_RECEPTION, SCORING_FORMATS, type ScoringFormat } from '@fm/projections/scoring-formats';
import { PPR_SCORING, type ScoringSettings } from '../leagues/scoring.js';

/** The scoring formats a projections list can be shown in (`scoring=` on the API). */
export const LIST_SCORINGS = SCORING_FORMATS;
export type ListScoring = ScoringFormat;

/** The rules of each format: PPR with 1, ½ or 0 points a reception. */
export const LIST_SCORING_RULES: Record<ListScoring, ScoringSettings> = {
  ppr: { ...PPR_SCORING, rec: POINTS_PER_RECEPTION.ppr },
  half: { ...PPR_SCORING, rec: POINTS_PER_RECEPTION.half },
  std: { ...PPR_SCORING, rec: POINTS_PER_RECEPTION.std },
};
