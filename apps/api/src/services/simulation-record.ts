import { simulations } from '@fm/db';
import type { AppDeps } from '../deps.js';
import type { MatchupResult } from '@fm/engine';
import type { MatchupRequest } from './simulation-request.js';

/**
 * One row in `simulations` per run, for the admin metrics and the public counter. The summary
 * keeps what an admin needs to understand a run without storing whole answers.
 */
export async function recordSimulation(
  deps: AppDeps,
  run: {
    userId: string | null;
    request: MatchupRequest;
    week: { season: number; week: number } | null;
    result: MatchupResult;
    durationMs: number;
    baselinePlayers: number;
  },
): Promise<string> {
  const { request, result } = run;
  const [row] = await deps.database.db
    .insert(simulations)
    .values({
      userId: run.userId,
      kind: request.kind === 'analyze' ? 'matchup-analysis' : 'matchup',
      platform: request.platform,
      leagueId: request.leagueId,
      iterations: result.iterations,
      durationMs: run.durationMs,
      winProbability: result.winProbability,
      predictedScoreDifference: result.predictedScoreDifference,
      summary: {
        seed: result.seed,
        season: run.week?.season ?? null,
        week: run.week?.week ?? null,
        user: {
          name: request.user.name,
          rosterId: request.user.rosterId,
          mean: result.user.mean,
          starters: request.user.starters.length,
        },
        opponent: {
          name: request.opponent.name,
          rosterId: request.opponent.rosterId,
          mean: result.opponent.mean,
          starters: request.opponent.starters.length,
        },
        baselinePlayers: run.baselinePlayers,
      },
    })
    .returning({ id: simulations.id });
  return row!.id;
}
