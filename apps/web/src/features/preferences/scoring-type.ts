import type { ScoringFormat } from '@fm/projections/scoring-formats';
import type { ScoringType } from './preferences-defaults';

/** A scoring format as the preferences keep it (`leagueSettings.scoringType`): the same word. */
export const SCORING_TYPE_OF: Record<ScoringFormat, ScoringType> = {
  ppr: 'ppr',
  half: 'half',
  std: 'std',
};
