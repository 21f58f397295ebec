/** The scoring formats a person can choose (and the server keeps for them): PPR, half-PPR, standard. */
export { SCORING_FORMAT_LABELS, SCORING_FORMATS, type ScoringFormat } from '@fm/projections/scoring-formats';
