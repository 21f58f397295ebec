import { simulations } from '@fm/db';
import { count } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { ModelCard, PublicStats } from '@fm/contract';
import { headlineAccuracy, readModelCard } from './model-card.js';

export async function getPublicStats(
  deps: AppDeps,
  card: ModelCard | null = readModelCard(),
): Promise<PublicStats> {
  await deps.simulationRecords.flush();
  const [row] = await deps.database.db.select({ total: count() }).from(simulations);
  return { simulationsRun: Number(row?.total ?? 0), modelAccuracy: headlineAccuracy(card) };
}
