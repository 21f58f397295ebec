import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The projection model's card (`packages/projections/model-card.json`), written by the
 * backtest. The landing page's accuracy figure and the methodology page both come from it,
 * so no figure is ever typed in by hand. When the backtest has not run, there is no card.
 */
export type ModelCard = Record<string, unknown>;

export interface HeadlineAccuracy {
  /** A fraction between 0 and 1. */
  value: number;
  /** What was counted, in words a visitor can check. */
  definition: string;
  /** The data the figure was measured on (seasons, weeks, sample size). */
  measuredOn: string;
}

// From src/services (tsx, tests) and from dist (the built server bundle).
const CARD_CANDIDATES = [
  new URL('../../../../../packages/projections/model-card.json', import.meta.url),
  new URL('../../../packages/projections/model-card.json', import.meta.url),
];

const PAIRWISE_WORDS = /pairwise|start.?sit|head.?to.?head/i;
const ACCURACY_WORD = /accura/i;
const MEASURED_ON_KEYS = ['measuredOn', 'evaluatedOn', 'testSet', 'holdout', 'sample', 'period'];
const DEFAULT_DEFINITION =
  'Share of backtest decisions the model got right, measured on games it had not seen when it was fitted.';

let cached: { file: string; mtimeMs: number; card: ModelCard } | null = null;

export function findModelCardFile(candidates: URL[] = CARD_CANDIDATES): string | null {
  for (const candidate of candidates) {
    const file = fileURLToPath(candidate);
    if (existsSync(file)) return file;
  }
  return null;
}

/** The card as written by the backtest, or null when it does not exist (or is not JSON). Re-read when the file changes. */
export function readModelCard(file: string | null = findModelCardFile()): ModelCard | null {
  if (!file || !existsSync(file)) return null;
  const { mtimeMs } = statSync(file);
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.card;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isRecord(parsed)) return null;
    cached = { file, mtimeMs, card: parsed };
    return parsed;
  } catch {
    return null;
  }
}

interface Candidate {
  value: number;
  definition: string | undefined;
  measuredOn: string | undefined;
  score: number;
}

/**
 * The card's headline accuracy: the pairwise start/sit accuracy when the card has one, else
 * any other accuracy figure it reports. Null when it reports none.
 */
export function headlineAccuracy(card: ModelCard | null): HeadlineAccuracy | null {
  if (!card) return null;
  const fromBacktest = backtestHeadline(card);
  if (fromBacktest) return fromBacktest;
  const candidates: Candidate[] = [];
  collectAccuracies(card, [], candidates, describeMeasuredOn(card));
  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0];
  if (!best) return null;
  return {
    value: best.value,
    definition: best.definition ?? DEFAULT_DEFINITION,
    measuredOn:
      best.measuredOn ?? describeMeasuredOn(card) ?? 'the backtest described on the methodology page',
  };
}

/**
 * The layout written by `packages/projections` (`buildModelCard`): `headline.startSitAccuracy`,
 * its meaning in `definitions.pairwiseAccuracy`, the weeks in `seasons`, the sample in `results.overall.rows`.
 */
function backtestHeadline(card: ModelCard): HeadlineAccuracy | null {
  const headline = isRecord(card.headline) ? card.headline : null;
  const value = asFraction(headline?.startSitAccuracy);
  if (value === null) return null;
  const definitions = isRecord(card.definitions) ? card.definitions : {};
  const overall = isRecord(card.results) && isRecord(card.results.overall) ? card.results.overall : {};
  const seasons = Array.isArray(card.seasons) ? card.seasons.filter(isRecord) : [];
  const periods = seasons.map((s) => `${String(s.season)}${describeWeeks(s)}`);
  const sample =
    typeof overall.rows === 'number' ? `${overall.rows.toLocaleString('en-US')} player-weeks` : null;
  const measuredOn = [
    periods.length ? `a walk-forward backtest over ${periods.join(' and ')}` : 'a walk-forward backtest',
    sample,
  ]
    .filter(Boolean)
    .join(', ');
  return { value, definition: firstString(definitions.pairwiseAccuracy) ?? DEFAULT_DEFINITION, measuredOn };
}

/** `{weeks: [1, …, 18]}` or `{firstWeek: 1, lastWeek: 18}` → " weeks 1–18". */
function describeWeeks(season: Record<string, unknown>): string {
  const listed = Array.isArray(season.weeks)
    ? season.weeks.filter((w): w is number => typeof w === 'number')
    : [];
  const first =
    typeof season.firstWeek === 'number' ? season.firstWeek : listed.length ? Math.min(...listed) : null;
  const last =
    typeof season.lastWeek === 'number' ? season.lastWeek : listed.length ? Math.max(...listed) : null;
  if (first === null || last === null) return '';
  return first === last ? ` week ${first}` : ` weeks ${first}–${last}`;
}

function collectAccuracies(
  node: unknown,
  path: string[],
  out: Candidate[],
  inheritedMeasuredOn: string | undefined,
): void {
  if (!isRecord(node)) return;
  const measuredOn = describeMeasuredOn(node) ?? inheritedMeasuredOn;
  for (const [key, child] of Object.entries(node)) {
    const nearbyDefinition = firstString(
      node[`${key}Definition`],
      isRecord(node.definitions) ? node.definitions[key] : undefined,
    );
    if (Array.isArray(child)) {
      child.forEach((item, index) =>
        visitEntry(String(index), item, [...path, key], out, measuredOn, undefined),
      );
    } else {
      visitEntry(key, child, path, out, measuredOn, nearbyDefinition);
    }
  }
}

/** One named value: an accuracy figure itself, or something to search further. */
function visitEntry(
  key: string,
  child: unknown,
  path: string[],
  out: Candidate[],
  measuredOn: string | undefined,
  nearbyDefinition: string | undefined,
): void {
  const where = [...path, key];
  const label = isRecord(child)
    ? [key, child.name, child.label, child.metric].filter(isString).join(' ')
    : key;
  const raw = typeof child === 'number' ? child : isRecord(child) ? child.value : undefined;
  const value = asFraction(raw);
  if (ACCURACY_WORD.test(label) && value !== null) {
    const definition = isRecord(child) ? firstString(child.definition, child.description) : undefined;
    out.push({
      value,
      definition: definition ?? nearbyDefinition,
      measuredOn: (isRecord(child) ? describeMeasuredOn(child) : undefined) ?? measuredOn,
      score:
        (PAIRWISE_WORDS.test([...where, label].join(' ')) ? 4 : 0) +
        (definition ? 1 : 0) -
        where.length * 0.01,
    });
    return;
  }
  collectAccuracies(child, where, out, measuredOn);
}

function describeMeasuredOn(node: Record<string, unknown>): string | undefined {
  for (const key of MEASURED_ON_KEYS) {
    const value = node[key];
    if (isString(value)) return value;
  }
  return undefined;
}

/** 0.61 and 61 both mean 61 %. */
function asFraction(raw: unknown): number | null {
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0) return null;
  if (raw <= 1) return raw;
  if (raw <= 100) return raw / 100;
  return null;
}

function firstString(...values: unknown[]): string | undefined {
  return values.find(isString);
}

function isString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
