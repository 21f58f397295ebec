import type { ScoringFormat } from '@fm/projections/scoring-formats';
import type { ScoringType } from './preferences-defaults';

/** A scoring format as the preferences spell it (`leagueSettings.scoringType`). */
export const SCORING_TYPE_OF: Record<ScoringFormat, ScoringType> = {
  ppr: 'ppr',
  half: 'half-ppr',
  std: 'standard',
};
