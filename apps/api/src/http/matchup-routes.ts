import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../deps.js';
import {
  inSimulationSlot,
  matchupCalls,
  simulationCallerOf,
  type MatchupCall,
} from '../services/simulation/matchup-calls.js';
import { callingUpstreamAs } from '../integrations/upstream-caller.js';
import { pauseAfterRefusedSimulation } from './refused-simulation-pause.js';
import { signedIn } from './signed-in.js';

/**
 * `POST /api/matchup/simulate` and `/api/matchup/analyze`, the busiest signed-in calls, served
 * without the generic REST adapter, which builds a fetch Request and a tRPC caller and
 * re-validates the whole answer on every call (with the prepared session lookup, this cut the
 * main thread's CPU per simulation on PostgreSQL from about 3.8 to 2.3 ms: bench/simulate.bench.ts).
 * The calls are the tRPC procedures' own (matchup-calls.ts); matchup.test.ts compares the answers with /trpc.
 * Bad input throws the ZodError, which the one error formatter turns into 400 VALIDATION_ERROR naming the field.
 */
export function registerMatchupRoutes(app: FastifyInstance, deps: AppDeps): void {
  const serve = <Input extends z.ZodType, Answer>(name: string, call: MatchupCall<Input, Answer>) =>
    app.post(`/api/matchup/${name}`, { onResponse: pauseAfterRefusedSimulation }, async (req) => {
      // the signed-in user, as the tRPC `authedProcedure` decides it (401 codes included)
      const { user } = await signedIn(deps, req);
      const caller = simulationCallerOf(user);
      // a league's line-ups are read from its platform: those calls are the client's and the user's, as on /trpc
      return callingUpstreamAs(`address:${req.client}`, () =>
        callingUpstreamAs(`user:${user.id}`, () =>
          inSimulationSlot(deps, caller, (slot) =>
            call.answer(deps, caller, slot, call.input.parse(req.body)),
          ),
        ),
      );
    });
  serve('simulate', matchupCalls.simulate);
  serve('analyze', matchupCalls.analyze);
}
