import { markSimulationCall } from '../http/refused-simulation-pause.js';
import { inSimulationSlot, simulationCallerOf } from '../services/simulation/matchup-calls.js';
import { authedProcedure } from '../trpc.js';

/**
 * A signed-in user's simulation, counted against their limits before its input is parsed, so that
 * a call over them (each member of a batch is one) is refused (429) without that work.
 */
export const simulationProcedure = authedProcedure.use(({ ctx, next }) => {
  markSimulationCall(ctx.req);
  return inSimulationSlot(ctx.deps, simulationCallerOf(ctx.user), (slot) =>
    next({ ctx: { simulationSlot: slot } }),
  );
});
