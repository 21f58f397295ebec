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

/** Older spellings of the formats, still accepted on input and rewritten where they were saved. */
const OLDER_SPELLINGS: Readonly<Record<string, ScoringFormat>> = {
  'half-ppr': 'half',
  half_ppr: 'half',
  standard: 'std',
};

/** Every spelling an input may use: the formats and their older names. */
export const SCORING_FORMAT_SPELLINGS = [...SCORING_FORMATS, 'half-ppr', 'half_ppr', 'standard'] as const;
export type ScoringFormatSpelling = (typeof SCORING_FORMAT_SPELLINGS)[number];

/** A format from any of its spellings; null for anything else. */
export function parseScoringFormat(value: unknown): ScoringFormat | null {
  if (typeof value !== 'string') return null;
  if ((SCORING_FORMATS as readonly string[]).includes(value)) return value as ScoringFormat;
  return OLDER_SPELLINGS[value] ?? null;
}

/** A saved scoring preference in any spelling as a format; PPR when unknown. */
export function scoringFormatOf(preference: string | null | undefined): ScoringFormat {
  return parseScoringFormat(preference) ?? 'ppr';
}
