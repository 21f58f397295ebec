import { scoreStatLine } from '../scoring/score-stat-line.js';
import type { ScoringRules } from '../scoring/scoring-rules.js';
import { emptyStatLine, STAT_KEYS, type StatKey, type StatLine } from '../stats/stat-line.js';
import { LONG_WINDOW_GAMES } from './features.js';
import { lastGames } from './game-log.js';
import type { PlayerWeekFeatures } from './projection-history.js';
import { EXPERTS } from './week-data.js';

const STAT_DECIMALS = 100;
/**
 * Kept as they are, not scaled: shares (reception %), and what a defense allows — its
 * points-allowed bucket is a step, so the defense's own plays carry the scaling instead.
 */
const UNSCALED_KEYS: ReadonlySet<StatKey> = new Set(['receptionPct', 'ptsAllowed', 'ydsAllowed']);

/**
 * A stat line consistent with the projected points: the shape of an expert's projected line
 * (or of the player's recent games), its counting stats scaled so the line scores `points`.
 */
export function projectStatLine(entry: PlayerWeekFeatures, points: number, rules: ScoringRules): StatLine {
  const position = entry.row.position;
  const shape = expertShape(entry, rules) ?? recentGamesShape(entry);
  const fixed = emptyStatLine();
  for (const key of UNSCALED_KEYS) fixed[key] = shape[key];
  const fixedPoints = scoreStatLine(fixed, rules, position);
  const scalablePoints = scoreStatLine(shape, rules, position) - fixedPoints;
  const factor = scalablePoints > 0 ? Math.max(0, (points - fixedPoints) / scalablePoints) : 0;
  const line = emptyStatLine();
  for (const key of STAT_KEYS) {
    const value = UNSCALED_KEYS.has(key) ? shape[key] : shape[key] * factor;
    line[key] = Math.round(value * STAT_DECIMALS) / STAT_DECIMALS;
  }
  return line;
}

/** The first expert stat line that scores at all. */
function expertShape(entry: PlayerWeekFeatures, rules: ScoringRules): StatLine | null {
  for (const expert of EXPERTS) {
    const stats = entry.row.experts[expert]?.stats;
    if (stats && scoreStatLine(stats, rules, entry.row.position) > 0) return stats;
  }
  return null;
}

function recentGamesShape(entry: PlayerWeekFeatures): StatLine {
  const recent = lastGames(entry.games, LONG_WINDOW_GAMES);
  const shape = emptyStatLine();
  for (const game of recent) {
    for (const key of STAT_KEYS) shape[key] += game.line[key] / recent.length;
  }
  return shape;
}
