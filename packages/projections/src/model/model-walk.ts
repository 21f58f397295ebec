import { PPR, type ScoringRules } from '../scoring/scoring-rules.js';
import type { Position } from '../stats/stat-line.js';
import { ExpertBlend, mixValue, type BlendChoice, type BlendObservation } from './expert-blend.js';
import {
  fallbackDistribution,
  predictDistribution,
  shiftDistribution,
  type PointsDistribution,
} from './predict-distribution.js';
import { byPosition, hasPlayed, ProjectionHistory, type PlayerWeekFeatures } from './projection-history.js';
import { toProjection, type PlayerProjection } from './player-projection.js';
import { trainModel, type ProjectionModel } from './train-model.js';
import { weekOrdinal, type WeekData, type WeekSlate } from './week-data.js';

interface PendingWeek {
  ordinal: number;
  features: PlayerWeekFeatures[];
  /** Our fit's own mean per player id, before the blend (only where the fit projected). */
  modelMeans: Map<number, number>;
}

/**
 * The model walking forward through weeks in order: `project` a week from everything observed
 * before it (refitting first), then `observe` the week, which reveals its results to the
 * history and scores what the fit had projected for it, so the blend with the experts learns
 * from out-of-sample errors only.
 */
export class ModelWalk {
  readonly history: ProjectionHistory;
  private readonly blend = new ExpertBlend();
  private model: ProjectionModel | undefined;
  private pending: PendingWeek | null = null;

  constructor(private readonly rules: ScoringRules = PPR) {
    this.history = new ProjectionHistory(rules);
  }

  /** Projections for a week after the last observed one. */
  project(slate: WeekSlate): PlayerProjection[] {
    return this.projectWithFeatures(slate).projections;
  }

  /** The same, with the features each projection was made from (same order). */
  projectWithFeatures(slate: WeekSlate): { projections: PlayerProjection[]; features: PlayerWeekFeatures[] } {
    const features = this.history.featuresFor(slate);
    this.model = trainModel(this.history.trainingSet, this.model);
    const model = this.model;
    const choices = byPosition((position) => this.blend.choose(position));
    const modelMeans = new Map<number, number>();
    const projections = features.map((entry) => {
      const position = entry.row.position;
      const fitted = predictDistribution(model, position, entry.features, entry.consensus);
      let distribution: PointsDistribution;
      if (fitted && entry.consensus !== null) {
        modelMeans.set(entry.row.playerId, fitted.predMean);
        const { mix, modelWeight } = choices[position];
        const expert = mixValue(mix, entry.experts, entry.consensus);
        distribution = shiftDistribution(fitted, modelWeight * fitted.predMean + (1 - modelWeight) * expert);
      } else {
        distribution = fallbackDistribution(entry.consensus ?? 0);
      }
      return toProjection(entry, distribution, this.rules, model.version);
    });
    this.pending = { ordinal: weekOrdinal(slate.season, slate.week), features, modelMeans };
    return { projections, features };
  }

  /** Per position, the experts' mix and our fit's weight the next week would use, and the record they rest on. */
  blendChoices(): Record<Position, BlendChoice & { recordRows: number }> {
    return byPosition((position) => ({
      ...this.blend.choose(position),
      recordRows: this.blend.recordSize(position),
    }));
  }

  /** Reveals a week (its results, if any) after projecting it, or without (history only). */
  observe(week: WeekData): void {
    const ordinal = weekOrdinal(week.season, week.week);
    const pending = this.pending?.ordinal === ordinal ? this.pending : null;
    this.pending = null;
    this.history.observe(week, pending?.features);
    if (pending && week.actual) this.recordBlend(week, pending);
  }

  private recordBlend(week: WeekData, pending: PendingWeek): void {
    const actual = new Map((week.actual ?? []).map((line) => [line.playerId, line]));
    const rows = byPosition((): BlendObservation[] => []);
    const positions = new Set<Position>();
    for (const entry of pending.features) {
      positions.add(entry.row.position);
      const model = pending.modelMeans.get(entry.row.playerId);
      const line = actual.get(entry.row.playerId);
      if (model === undefined || entry.consensus === null || !line || !hasPlayed(line)) continue;
      rows[entry.row.position].push({
        model,
        experts: entry.experts,
        consensus: entry.consensus,
        actual: this.history.pointsOf(line),
      });
    }
    for (const position of positions) this.blend.record(position, rows[position]);
  }
}
