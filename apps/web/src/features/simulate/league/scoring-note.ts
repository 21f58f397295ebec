import { scoringSettingLabel } from '@fm/contract';

/**
 * The note shown near the points when a league scores settings we do not apply, e.g. "Not applied to our points:
 * sacks taken, defender tackles." — our points for those leagues can differ from the platform's, and the page
 * says why in words (each setting named once, however many of the platform's stats it spans).
 */
export function unsupportedScoringNote(keys: readonly string[]): string | null {
  if (keys.length === 0) return null;
  const named = [...new Set(keys.map(scoringSettingLabel))];
  return `Not applied to our points: ${named.join(', ')}.`;
}
