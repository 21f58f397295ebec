/**
 * The scoring formats a projections list or a comparison can be shown in: points per reception 1 (PPR),
 * ½ (half-PPR) or 0 (standard), everything else as in PPR. Browser-safe: the web app imports it too.
 */
export const SCORING_FORMATS = ['ppr', 'half', 'std'] as const;
export type ScoringFormat = (typeof SCORING_FORMATS)[number];

export const SCORING_FORMAT_LABELS: Record<ScoringFormat, string> = {
  ppr: 'PPR',
  half: 'Half-PPR',
  std: 'Standard',
};

export const POINTS_PER_RECEPTION: Record<ScoringFormat, number> = { ppr: 1, half: 0.5, std: 0 };

/** A saved scoring preference ('ppr', 'half-ppr', 'standard') as a format; PPR when unknown. */
export function scoringFormatOf(preference: string | null | undefined): ScoringFormat {
  switch (preference) {
    case 'half-ppr':
    case 'half':
      return 'half';
    case 'standard':
    case 'std':
      return 'std';
    default:
      return 'ppr';
  }
}
