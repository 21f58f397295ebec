import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { analyzeInput, simulateInput } from '@fm/contract';
import { analyzeMatchupRequest, simulateMatchupRequest } from '../services/simulation/simulate.js';
import { toMatchupRequest } from '../services/simulation/request.js';
import { signedIn } from './signed-in.js';

/** The signed-in user, as the tRPC `authedProcedure` decides it (401 codes included). */
async function requireUser(deps: AppDeps, req: FastifyRequest): Promise<{ id: string; isAdmin: boolean }> {
  const { user } = await signedIn(deps, req);
  return { id: user.id, isAdmin: user.role === 'admin' };
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
  app.post('/api/matchup/simulate', async (req) => {
    const user = await requireUser(deps, req);
    const { user_team, opponent_team, ...options } = simulateInput.parse(req.body);
    return simulateMatchupRequest(
      deps,
      user.id,
      toMatchupRequest('simulate', options, user_team, opponent_team),
      user,
    );
  });
  app.post('/api/matchup/analyze', async (req) => {
    const user = await requireUser(deps, req);
    const { userTeam, opponentTeam, ...options } = analyzeInput.parse(req.body);
    return analyzeMatchupRequest(
      deps,
      user.id,
      toMatchupRequest('analyze', options, userTeam, opponentTeam),
      user,
    );
  });
}
