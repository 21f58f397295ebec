import type { AppDeps } from '../../deps.js';
import { AppError, validationError } from '../../errors.js';
import type { RateLimitRule } from '../rate-limits/rate-limiter.js';
import { createFairQueue, type FairQueue } from './fair-queue.js';
import { RUNS_PER_THREAD } from './pool.js';

/**
 * Who may start a simulation, and when. One user must not be able to hog the simulation threads:
 * - a cost cap, iterations × players, refused before any work (admins exempt);
 * - a number of simulations in flight per user (each member of a tRPC batch is one);
 * - a number per minute per user, counted in Redis when REDIS_URL is set (shared by all processes);
 * - a bounded queue served round-robin by user (fair-queue.ts) in front of the threads, which
 *   hold a few runs each and run them in turns, the least-served user first (thread-scheduler.ts).
 * Limits in flight and in the queue are per process, as the threads they protect are.
 */

/**
 * One engine iteration of one player costs about 10 ns on a 2024 server core (a 1,000,000-iteration
 * 30-v-30 run took 0.62 s). 2,000,000 player-iterations is ~20 ms of a core, so sixty a minute keep
 * a thread busy for about a second a minute, while every line-up the app sends fits: the largest
 * (30 v 30 at the default 10,000 iterations) costs 600,000.
 */
export const MAX_SIMULATION_COST = 2_000_000;

/**
 * In flight per user: a league page asks for a few matchups at once (a 12-team league has six),
 * and the queue serves users in turn, so four waiting cost others nothing; more is a script.
 */
export const USER_SIMULATIONS_IN_FLIGHT = 4;
/** Admins run checks and backtests: more at once, but still bounded so the queue stays shared. */
export const ADMIN_SIMULATIONS_IN_FLIGHT = 16;

/** A person re-running matchups clicks a few times a minute; 60 is a script's pace, not a person's. */
export const USER_SIMULATIONS_PER_MINUTE: RateLimitRule = {
  name: 'simulations-user',
  points: 60,
  durationSeconds: 60,
};
export const ADMIN_SIMULATIONS_PER_MINUTE: RateLimitRule = {
  name: 'simulations-admin',
  points: 600,
  durationSeconds: 60,
};

/**
 * Tasks waiting for room on a thread (each already holds RUNS_PER_THREAD) before new ones are
 * refused with 503: ~8 short runs is under a second.
 */
const WAITING_PER_THREAD = 8;
/** Retry-After of a refusal for too many in flight: simulations take well under a second. */
const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

export interface SimulationCaller {
  userId: string | null;
  isAdmin: boolean;
}

export interface SimulationAdmission {
  /**
   * Counts one simulation of `cost` for `caller` (throwing RATE_LIMITED or VALIDATION_ERROR at
   * once), runs `work`, and frees the caller's slot when it settles.
   */
  admit<T>(
    caller: SimulationCaller,
    cost: { iterations: number; players: number },
    work: () => Promise<T>,
  ): Promise<T>;
  /** Runs a task on the threads in the caller's turn (503 SIMULATION_BUSY when the queue is full). */
  queue: FairQueue;
}

const admissions = new WeakMap<AppDeps, SimulationAdmission>();

/** The admission of this server (one per AppDeps, so two test servers in one process stay apart). */
export function simulationAdmission(deps: AppDeps): SimulationAdmission {
  let found = admissions.get(deps);
  if (!found) {
    found = createSimulationAdmission(deps);
    admissions.set(deps, found);
  }
  return found;
}

function tooLarge(players: number, iterations: number): AppError {
  const allowed = Math.floor(MAX_SIMULATION_COST / Math.max(1, players));
  return validationError(
    `A simulation of ${players} players may run at most ${allowed.toLocaleString('en-US')} iterations ` +
      `(asked for ${iterations.toLocaleString('en-US')}).`,
    'iterations',
  );
}

function tooManyInFlight(limit: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    `You already have ${limit} simulations running. Please wait for one to finish.`,
    429,
    { retryAfterSeconds: IN_FLIGHT_RETRY_AFTER_SECONDS },
  );
}

function createSimulationAdmission(deps: AppDeps): SimulationAdmission {
  const threads = deps.config.simulationWorkers;
  const queue = createFairQueue({
    concurrency: threads * RUNS_PER_THREAD,
    maxWaiting: threads * WAITING_PER_THREAD,
  });
  const inFlight = new Map<string, number>();

  return {
    queue,
    async admit(caller, { iterations, players }, work) {
      if (!caller.isAdmin && iterations * players > MAX_SIMULATION_COST) throw tooLarge(players, iterations);
      const key = caller.userId ?? 'anonymous';
      const limit = caller.isAdmin ? ADMIN_SIMULATIONS_IN_FLIGHT : USER_SIMULATIONS_IN_FLIGHT;
      const current = inFlight.get(key) ?? 0;
      if (current >= limit) throw tooManyInFlight(limit);
      inFlight.set(key, current + 1);
      try {
        const rule = caller.isAdmin ? ADMIN_SIMULATIONS_PER_MINUTE : USER_SIMULATIONS_PER_MINUTE;
        await deps.rateLimiter.consume(
          rule,
          key,
          (wait) =>
            `You have run a lot of simulations in the last minute. Please wait ${wait} and try again.`,
        );
        return await work();
      } finally {
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
      }
    },
  };
}
