import type { Position } from '../stats/stat-line.js';
import type { ExpertPoints } from './experts.js';
import { byPosition } from './projection-history.js';
import { EXPERTS, type Expert } from './week-data.js';

/** Weights of our fit tried against the anchor expert: 0 (the expert alone) to 1 (the fit alone). */
const MODEL_WEIGHTS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
/** Fewer out-of-sample rows than this at a position and its projection is the expert's. */
export const MIN_BLEND_ROWS = 200;
/** How many recent weeks of out-of-sample rows choose the weight (about two seasons). */
const BLEND_MEMORY_WEEKS = 36;

/** What the anchor of a projection is: one expert (the consensus where it has none), or the consensus. */
export type Anchor = Expert | 'consensus';
const ANCHORS: readonly Anchor[] = [...EXPERTS, 'consensus'];

export interface BlendChoice {
  anchor: Anchor;
  /** Our fit's weight; the anchor gets the rest. */
  modelWeight: number;
}

/** One player-week the fit projected before seeing it, and what happened. */
export interface BlendObservation {
  model: number;
  experts: ExpertPoints;
  consensus: number;
  actual: number;
}

export const EXPERT_ONLY: BlendChoice = { anchor: 'consensus', modelWeight: 0 };

export function anchorValue(anchor: Anchor, experts: ExpertPoints, consensus: number): number {
  return anchor === 'consensus' ? consensus : (experts[anchor] ?? consensus);
}

/**
 * Shrinks our fit toward the best expert. Every week the fit projected (walk-forward, before
 * the results) is recorded with what happened; per position, the anchor expert and the fit's
 * weight are those with the lowest mean absolute error over the recent record. With too short
 * a record the projection is the expert's own: our error can then be no worse than its.
 */
export class ExpertBlend {
  private readonly weeks: Record<Position, BlendObservation[][]> = byPosition(() => []);

  /** Adds one week's out-of-sample rows of a position (an empty week still ages the record). */
  record(position: Position, rows: BlendObservation[]): void {
    const weeks = this.weeks[position];
    weeks.push(rows);
    if (weeks.length > BLEND_MEMORY_WEEKS) weeks.shift();
  }

  choose(position: Position): BlendChoice {
    const rows = this.weeks[position].flat();
    if (rows.length < MIN_BLEND_ROWS) return EXPERT_ONLY;
    let best = EXPERT_ONLY;
    let bestError = Number.POSITIVE_INFINITY;
    for (const anchor of ANCHORS) {
      for (const modelWeight of MODEL_WEIGHTS) {
        let error = 0;
        for (const row of rows) {
          const expert = anchorValue(anchor, row.experts, row.consensus);
          error += Math.abs(modelWeight * row.model + (1 - modelWeight) * expert - row.actual);
        }
        // ties go to the earlier candidate: the expert alone, then the smaller weight of our fit
        if (error < bestError - 1e-9) {
          best = { anchor, modelWeight };
          bestError = error;
        }
      }
    }
    return best;
  }
}
