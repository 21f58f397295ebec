import type { TradeLeague, WinWinOptions, WinWinSearch } from '@fm/engine';
import type { AppDeps } from '../../deps.js';
import { validationError } from '../../errors.js';

/**
 * The win-win trade search (engine findWinWinTrades) on the simulation threads, so the event loop only waits for
 * it. It is sent to the runner directly: the caller already holds its turn of the queue (a second turn asked
 * from inside the first could wait on itself when the queue is full). The engine's refusal of the input is a 400.
 */
export async function searchWinWinTrades(
  deps: Pick<AppDeps, 'simulationRunner'>,
  owner: string,
  league: TradeLeague,
  rosterId: number,
  options: WinWinOptions = {},
): Promise<WinWinSearch> {
  const outcome = await deps.simulationRunner.runTradeSearch({
    owner,
    league,
    rosterId,
    limit: options.limit,
  });
  if (!outcome.ok) throw validationError(outcome.message, outcome.field);
  return outcome.result;
}
