import { simulations } from '@fm/db';
import { count } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { headlineAccuracy, readModelCard, type HeadlineAccuracy, type ModelCard } from './model-card.js';

export interface PublicStats {
  /** Every matchup simulation ever run (rows of the simulations table). */
  simulationsRun: number;
  /** From the model card; null until the backtest has measured it. */
  modelAccuracy: HeadlineAccuracy | null;
}

export async function getPublicStats(
  deps: AppDeps,
  card: ModelCard | null = readModelCard(),
): Promise<PublicStats> {
  await deps.simulationRecords.flush();
  const [row] = await deps.database.db.select({ total: count() }).from(simulations);
  return { simulationsRun: Number(row?.total ?? 0), modelAccuracy: headlineAccuracy(card) };
}
