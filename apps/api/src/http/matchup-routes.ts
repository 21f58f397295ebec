import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { analyzeInput, simulateInput } from '@fm/contract';
import type { SimulationSlot } from '../services/simulation/admission.js';
import { analyzeMatchupRequest, simulateMatchupRequest } from '../services/simulation/simulate.js';
import { toMatchupRequest } from '../services/simulation/request.js';
import { callingUpstreamAs } from '../integrations/upstream-caller.js';
import { pauseAfterRefusedSimulation } from './refused-simulation-pause.js';
import { signedIn } from './signed-in.js';

/** The signed-in user, as the tRPC `authedProcedure` decides it (401 codes included). */
async function requireUser(deps: AppDeps, req: FastifyRequest): Promise<{ id: string; isAdmin: boolean }> {
  const { user } = await signedIn(deps, req);
  return { id: user.id, isAdmin: user.role === 'admin' };
}

/**
 * Counts the request against the user's simulation limits before its input is checked, so that a
 * request over them is refused (429) without that work; runs `answer` in the slot, then frees it.
 */
async function inSimulationSlot<T>(
  deps: AppDeps,
  user: { id: string; isAdmin: boolean },
  answer: (slot: SimulationSlot) => Promise<T>,
): Promise<T> {
  const slot = await deps.simulationAdmission.reserve({ userId: user.id, isAdmin: user.isAdmin });
  try {
    // a league's line-ups are read from its platform: those calls are the user's, as on /trpc
    return await callingUpstreamAs(`user:${user.id}`, () => answer(slot));
  } finally {
    slot.release();
  }
}

/**
 * `POST /api/matchup/simulate` and `/api/matchup/analyze`, the busiest signed-in calls, served
 * without the generic REST adapter, which builds a fetch Request and a tRPC caller and
 * re-validates the whole answer on every call (with the prepared session lookup, this cut the
 * main thread's CPU per simulation on PostgreSQL from about 3.8 to 2.3 ms: bench/simulate.bench.ts).
 * Same input schemas, same services, same answers (matchup.test.ts compares them with /trpc);
 * the tRPC procedures stay the documented definition and serve /trpc. Bad input throws the
 * ZodError, which the one error formatter turns into 400 VALIDATION_ERROR naming the field.
 */
export function registerMatchupRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/matchup/simulate', { onResponse: pauseAfterRefusedSimulation }, async (req) => {
    const user = await requireUser(deps, req);
    return inSimulationSlot(deps, user, (slot) => {
      const { user_team, opponent_team, ...options } = simulateInput.parse(req.body);
      return simulateMatchupRequest(
        deps,
        user.id,
        toMatchupRequest('simulate', options, user_team, opponent_team),
        { isAdmin: user.isAdmin, slot },
      );
    });
  });
  app.post('/api/matchup/analyze', { onResponse: pauseAfterRefusedSimulation }, async (req) => {
    const user = await requireUser(deps, req);
    return inSimulationSlot(deps, user, (slot) => {
      const { userTeam, opponentTeam, ...options } = analyzeInput.parse(req.body);
      return analyzeMatchupRequest(
        deps,
        user.id,
        toMatchupRequest('analyze', options, userTeam, opponentTeam),
        { isAdmin: user.isAdmin, slot },
      );
    });
  });
}
