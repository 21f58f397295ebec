import { PLATFORMS } from '@fm/contract';
import { SCORING_FORMAT_LABELS, type ScoringFormat } from '@fm/projections/scoring-formats';

/** The scoring a list or comparison is shown in: a format, or one of the person's linked leagues' own rules. */
export interface ScoringChoice {
  scoring: ScoringFormat;
  /** `platform:league_id` of the league whose rules are used; null for the format. */
  league: string | null;
}

const LEAGUE_PARAM = new RegExp(`^(${PLATFORMS.join('|')}):[A-Za-z0-9._-]{1,100}$`);

/** A `league` URL parameter as the API takes it, or null when it is not one. */
export function leagueParam(value: string | null): string | null {
  return value !== null && LEAGUE_PARAM.test(value) ? value : null;
}

/** The scoring an answer's figures are in, in words: "PPR", "Half-PPR", "You Get in the Bowl". */
export function answeredScoringLabel(answer: {
  scoring: ScoringFormat | 'league';
  league: { name: string } | null;
}): string {
  return answer.scoring === 'league'
    ? (answer.league?.name ?? 'League')
    : SCORING_FORMAT_LABELS[answer.scoring];
}
