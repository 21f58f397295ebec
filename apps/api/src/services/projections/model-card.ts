import {
  describeEvaluatedSeason,
  modelCardSchema,
  type HeadlineAccuracy,
  type ModelCard,
} from '@fm/contract';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The projection model's card (`packages/projections/model-card.json`), written by the
 * backtest. The landing page's accuracy figure and the methodology page both come from it,
 * so no figure is ever typed in by hand. When the backtest has not run, there is no card.
 */

// From src/services (tsx, tests) and from dist (the built server bundle).
const CARD_CANDIDATES = [
  new URL('../../../../../packages/projections/model-card.json', import.meta.url),
  new URL('../../../packages/projections/model-card.json', import.meta.url),
];

let cached: { file: string; mtimeMs: number; card: ModelCard | null } | null = null;

export function findModelCardFile(candidates: URL[] = CARD_CANDIDATES): string | null {
  for (const candidate of candidates) {
    const file = fileURLToPath(candidate);
    if (existsSync(file)) return file;
  }
  return null;
}

/** The card as written by the backtest, or null when there is none (or it is not a card). Re-read when the file changes. */
export function readModelCard(file: string | null = findModelCardFile()): ModelCard | null {
  if (!file || !existsSync(file)) return null;
  const { mtimeMs } = statSync(file);
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.card;
  let card: ModelCard | null = null;
  try {
    card = modelCardSchema.safeParse(JSON.parse(readFileSync(file, 'utf8'))).data ?? null;
  } catch {
    // not JSON: no card
  }
  cached = { file, mtimeMs, card };
  return card;
}

/** The card's headline: the pairwise start/sit accuracy, what it counts, and the backtest it was measured on. */
export function headlineAccuracy(card: ModelCard | null): HeadlineAccuracy | null {
  if (!card) return null;
  const periods = card.seasons.map(describeEvaluatedSeason);
  const over = periods.length ? ` over ${periods.join(' and ')}` : '';
  const sample = `${card.results.overall.rows.toLocaleString('en-US')} player-weeks`;
  return {
    value: card.headline.startSitAccuracy,
    definition: card.definitions.pairwiseAccuracy,
    measuredOn: `a walk-forward backtest${over}, ${sample}`,
  };
}
