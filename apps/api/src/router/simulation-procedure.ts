import { markSimulationCall } from '../http/refused-simulation-pause.js';
import { simulationAdmission } from '../services/simulation/admission.js';
import { authedProcedure } from '../trpc.js';

/**
 * A signed-in user's simulation, counted against their limits before its input is parsed, so that
 * a call over them (each member of a batch is one) is refused (429) without that work.
 */
export const simulationProcedure = authedProcedure.use(async ({ ctx, next }) => {
  markSimulationCall(ctx.req);
  const slot = await simulationAdmission(ctx.deps).reserve({
    userId: ctx.user.id,
    isAdmin: ctx.user.role === 'admin',
  });
  try {
    return await next({ ctx: { simulationSlot: slot } });
  } finally {
    slot.release();
  }
});
