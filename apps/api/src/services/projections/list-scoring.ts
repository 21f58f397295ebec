import type { Platform } from '@fm/contract';
import { SCORING_FORMATS, SCORING_PRESETS, type ScoringFormat, type ScoringRules } from '@fm/projections';

/** The scoring formats a projections list can be shown in (`scoring=` on the API). */
export const LIST_SCORINGS = SCORING_FORMATS;
export type ListScoring = ScoringFormat;
import type { ListScoringKind } from '@fm/contract';
export { LIST_SCORING_KINDS, type ListScoringKind } from '@fm/contract';

/** The rules of each format (the package's presets). */
export const LIST_SCORING_RULES: Readonly<Record<ListScoring, ScoringRules>> = SCORING_PRESETS;

/** The scoring a list is answered in: its kind, its rules, and the league they are the rules of. */
export interface ScoringChoice {
  kind: ListScoringKind;
  rules: ScoringRules;
  /** The same for the same rules: what caches of figures are keyed by. */
  key: string;
  league: { platform: Platform; league_id: string; name: string } | null;
}

export function formatScoring(format: ListScoring): ScoringChoice {
  return { kind: format, rules: LIST_SCORING_RULES[format], key: format, league: null };
}
