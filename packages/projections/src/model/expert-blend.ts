import type { Position } from '../stats/stat-line.js';
import type { ExpertPoints } from './experts.js';
import { byPosition } from './projection-history.js';
import { EXPERTS, type Expert } from './week-data.js';

/** Weights of our fit tried against the experts' mix: 0 (the mix alone) to 1 (the fit alone). */
const MODEL_WEIGHTS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
/** Shares of one expert in a mix are tried in steps of this (0, ¼, ½, ¾, 1). */
const MIX_STEPS = 4;
/** Fewer out-of-sample rows than this at a position and its projection is the experts' average. */
export const MIN_BLEND_ROWS = 200;
/** How many recent weeks of out-of-sample rows choose the mix (about two seasons). */
export const BLEND_MEMORY_WEEKS = 36;

/**
 * Each expert's share of the point the fit is shrunk toward (shares sum to 1). Where an expert has no
 * projection for a player, the others present share its part; the empty mix is the plain average of
 * whichever experts projected the player (the consensus).
 */
export type ExpertMix = Partial<Record<Expert, number>>;
export const CONSENSUS_MIX: ExpertMix = {};

export interface BlendChoice {
  mix: ExpertMix;
  /** Our fit's weight; the mix gets the rest. */
  modelWeight: number;
}

/** One player-week the fit projected before seeing it, and what happened. */
export interface BlendObservation {
  model: number;
  experts: ExpertPoints;
  consensus: number;
  actual: number;
}

export const EXPERT_ONLY: BlendChoice = { mix: CONSENSUS_MIX, modelWeight: 0 };

/** The mix's point for one player: its experts weighted by share, over those who projected him. */
export function mixValue(mix: ExpertMix, experts: ExpertPoints, consensus: number): number {
  let sum = 0;
  let weight = 0;
  for (const expert of EXPERTS) {
    const share = mix[expert] ?? 0;
    const value = experts[expert];
    if (share === 0 || value === null) continue;
    sum += share * value;
    weight += share;
  }
  return weight > 0 ? sum / weight : consensus;
}

/**
 * The mixes to try among `experts`: the consensus first (the default, and the tie-breaker), then each
 * expert alone, then every other split in quarters.
 */
export function candidateMixes(experts: readonly Expert[]): ExpertMix[] {
  const mixes: ExpertMix[] = [CONSENSUS_MIX];
  if (experts.length < 2) return mixes;
  const seen = new Set<string>();
  const splits: ExpertMix[] = [];
  const fill = (index: number, left: number, mix: ExpertMix) => {
    const expert = experts[index]!;
    if (index === experts.length - 1) {
      const full = left > 0 ? { ...mix, [expert]: left / MIX_STEPS } : mix;
      const key = JSON.stringify(full);
      if (!seen.has(key)) {
        seen.add(key);
        splits.push(full);
      }
      return;
    }
    for (let steps = left; steps >= 0; steps--) {
      fill(index + 1, left - steps, steps > 0 ? { ...mix, [expert]: steps / MIX_STEPS } : mix);
    }
  };
  fill(0, MIX_STEPS, {});
  const isSingle = (mix: ExpertMix) => Object.keys(mix).length === 1;
  return [...mixes, ...splits.filter(isSingle), ...splits.filter((mix) => !isSingle(mix))];
}

/**
 * Shrinks our fit toward the best mix of the experts. Every week the fit projected (walk-forward,
 * before the results) is recorded with what happened; per position, the experts' mix and the fit's
 * weight are those with the lowest mean absolute error over the recent record. An expert enters the
 * mixes only once it projected MIN_BLEND_ROWS of the record (a new expert is first averaged in, then
 * weighed). With too short a record the projection is the experts' average: our error can then be no
 * worse than theirs.
 */
export class ExpertBlend {
  private readonly weeks: Record<Position, BlendObservation[][]> = byPosition(() => []);

  /** Adds one week's out-of-sample rows of a position (an empty week still ages the record). */
  record(position: Position, rows: BlendObservation[]): void {
    const weeks = this.weeks[position];
    weeks.push(rows);
    if (weeks.length > BLEND_MEMORY_WEEKS) weeks.shift();
  }

  /** How many out-of-sample rows the position's choice is made on. */
  recordSize(position: Position): number {
    return this.weeks[position].reduce((sum, week) => sum + week.length, 0);
  }

  choose(position: Position): BlendChoice {
    const rows = this.weeks[position].flat();
    if (rows.length < MIN_BLEND_ROWS) return EXPERT_ONLY;
    const weighed = EXPERTS.filter(
      (expert) => rows.filter((row) => row.experts[expert] !== null).length >= MIN_BLEND_ROWS,
    );
    let best = EXPERT_ONLY;
    let bestError = Number.POSITIVE_INFINITY;
    const points = new Float64Array(rows.length);
    for (const mix of candidateMixes(weighed)) {
      rows.forEach((row, index) => (points[index] = mixValue(mix, row.experts, row.consensus)));
      for (const modelWeight of MODEL_WEIGHTS) {
        let error = 0;
        rows.forEach((row, index) => {
          error += Math.abs(modelWeight * row.model + (1 - modelWeight) * points[index]! - row.actual);
        });
        // ties go to the earlier candidate: the consensus, a single expert, then the smaller weight of our fit
        if (error < bestError - 1e-9) {
          best = { mix, modelWeight };
          bestError = error;
        }
      }
    }
    return best;
  }
}
