import { scoreStatLine } from '../scoring/scoreStatLine.js';
import type { ScoringRules } from '../scoring/scoringRules.js';
import { emptyStatLine, STAT_KEYS, type StatLine } from '../stats/statLine.js';
import { LONG_WINDOW_GAMES } from './features.js';
import { lastGames } from './gameLog.js';
import { hasProjectedStatLine } from './nflcomProjection.js';
import type { PlayerWeekFeatures } from './projectionHistory.js';

const STAT_DECIMALS = 100;

/**
 * A stat line consistent with the projected points: the shape of NFL.com's projected
 * line (2024 on) or of the player's recent games, scaled so it scores `points`.
 * Shares such as reception % are kept, not scaled.
 */
export function projectStatLine(entry: PlayerWeekFeatures, points: number, rules: ScoringRules): StatLine {
  const position = entry.row.position;
  const nflcomShape = hasProjectedStatLine(entry.row) ? entry.row.stats : null;
  // NFL.com's line gives the shape when it scores at all; otherwise the player's recent games do.
  const shape =
    nflcomShape && scoreStatLine(nflcomShape, rules, position) > 0 ? nflcomShape : recentGamesShape(entry);
  const shapePoints = scoreStatLine(shape, rules, position);
  const factor = shapePoints > 0 ? points / shapePoints : 0;
  const line = emptyStatLine();
  for (const key of STAT_KEYS) {
    const value = key === 'receptionPct' ? shape[key] : shape[key] * factor;
    line[key] = Math.round(value * STAT_DECIMALS) / STAT_DECIMALS;
  }
  return line;
}

function recentGamesShape(entry: PlayerWeekFeatures): StatLine {
  const recent = lastGames(entry.games, LONG_WINDOW_GAMES);
  const shape = emptyStatLine();
  for (const game of recent) {
    for (const key of STAT_KEYS) shape[key] += game.line[key] / recent.length;
  }
  return shape;
}
