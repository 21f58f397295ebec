import { isPosition, SCORING_PRESETS, scoreStatLine, type StatLine, roundPoints } from '@fm/projections';

export interface FantasyPoints {
  ppr: number;
  half_ppr: number;
  standard: number;
}

/** PPR, half-PPR and standard points of a stat line (the scorings the app shows). */
export function fantasyPoints(line: StatLine, position: string): FantasyPoints {
  // team defenses score by their own rules; positions we do not project (IDP…) score like skill players
  const scoredAs = isPosition(position) ? position : 'WR';
  return {
    ppr: roundPoints(scoreStatLine(line, SCORING_PRESETS.ppr, scoredAs)),
    half_ppr: roundPoints(scoreStatLine(line, SCORING_PRESETS.half, scoredAs)),
    standard: roundPoints(scoreStatLine(line, SCORING_PRESETS.std, scoredAs)),
  };
}
