import { analyzeInput, simulateInput, type AnalysisAnswer } from '@fm/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { SimulationCaller, SimulationSlot } from './admission.js';
import type { SimulationAnswer } from './answer.js';
import { toMatchupRequest } from './request.js';
import { analyzeMatchupRequest, simulateMatchupRequest } from './simulate.js';

/** A signed-in user as the simulation limits count them. */
export const simulationCallerOf = (user: { id: string; role: string }): SimulationCaller => ({
  userId: user.id,
  isAdmin: user.role === 'admin',
});

/**
 * Counts one call against the caller's simulation limits before its input is read, so that a call over them
 * (each member of a tRPC batch is one) is refused (429) without that work; runs `answer` in the slot, then
 * frees it.
 */
export async function inSimulationSlot<T>(
  deps: Pick<AppDeps, 'simulationAdmission'>,
  caller: SimulationCaller,
  answer: (slot: SimulationSlot) => Promise<T>,
): Promise<T> {
  const slot = await deps.simulationAdmission.reserve(caller);
  try {
    return await answer(slot);
  } finally {
    slot.release();
  }
}

export interface MatchupCall<Input extends z.ZodType, Answer> {
  input: Input;
  answer(
    deps: AppDeps,
    caller: SimulationCaller,
    slot: SimulationSlot,
    input: z.output<Input>,
  ): Promise<Answer>;
}

/**
 * The two busiest signed-in calls, defined once: the tRPC procedures (router/matchup.ts) and their REST routes
 * (http/matchup-routes.ts) both serve them.
 */
export const matchupCalls: {
  simulate: MatchupCall<typeof simulateInput, SimulationAnswer>;
  analyze: MatchupCall<typeof analyzeInput, AnalysisAnswer>;
} = {
  simulate: {
    input: simulateInput,
    answer: (deps, { userId, isAdmin }, slot, { user_team, opponent_team, ...options }) =>
      simulateMatchupRequest(deps, userId, toMatchupRequest('simulate', options, user_team, opponent_team), {
        isAdmin,
        slot,
      }),
  },
  analyze: {
    input: analyzeInput,
    answer: (deps, { userId, isAdmin }, slot, { userTeam, opponentTeam, ...options }) =>
      analyzeMatchupRequest(deps, userId, toMatchupRequest('analyze', options, userTeam, opponentTeam), {
        isAdmin,
        slot,
      }),
  },
};
