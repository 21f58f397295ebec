import { AppError, validationError } from '../../errors.js';
import { rateLimited, type RateLimiter, type RateLimitRule } from '../rate-limits/rate-limiter.js';
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

/**
 * What a run costs: iterations × the players the engine draws in each (drawnPlayerCount), with what
 * those players are when it is more than the line-ups named (said in the refusal).
 */
export interface SimulationCost {
  iterations: number;
  players: number;
  drawn?: string;
}

/** One simulation request counted against its caller's limits; `release` once it is over. */
export interface SimulationSlot {
  /** Refuses a simulation over the cost cap (VALIDATION_ERROR naming `iterations`, admins exempt). */
  check(cost: SimulationCost): void;
  /** `check`, then runs `work`. */
  run<T>(cost: SimulationCost, work: () => Promise<T>): Promise<T>;
  /** Frees the caller's place in flight (again is harmless). */
  release(): void;
}

export interface SimulationAdmission {
  /**
   * Counts one simulation request of `caller` in flight and in the minute, before its input is
   * read, so that a request over the limits costs no parsing: throws RATE_LIMITED (429 with
   * Retry-After) at once when the caller is at a limit. Every request counts in the minute, also
   * one refused afterwards for its input.
   */
  reserve(caller: SimulationCaller): Promise<SimulationSlot>;
  /** Runs a task on the threads in the caller's turn (503 SIMULATION_BUSY when the queue is full). */
  queue: FairQueue;
}

function tooLarge({ players, iterations, drawn }: SimulationCost): AppError {
  const allowed = Math.floor(MAX_SIMULATION_COST / Math.max(1, players));
  const what = drawn
    ? `A simulation drawing ${players} players (${drawn})`
    : `A simulation of ${players} players`;
  return validationError(
    `${what} may run at most ${allowed.toLocaleString('en-US')} iterations ` +
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

function tooManyInMinute(wait: string): string {
  return `You have run a lot of simulations in the last minute. Please wait ${wait} and try again.`;
}

/** The admission of one server, in front of its `threads` simulation threads (SIMULATION_WORKERS). */
export function createSimulationAdmission({
  threads,
  rateLimiter,
}: {
  threads: number;
  rateLimiter: Pick<RateLimiter, 'consume'>;
}): SimulationAdmission {
  const queue = createFairQueue({
    concurrency: threads * RUNS_PER_THREAD,
    maxWaiting: threads * WAITING_PER_THREAD,
  });
  const inFlight = new Map<string, number>();
  /**
   * Callers refused for the minute, and until when: their next requests are refused here without
   * asking the counter (Redis) again. Entries past their time go at the next refusal.
   */
  const outOfMinuteUntil = new Map<string, number>();

  const leave = (key: string) => {
    const left = (inFlight.get(key) ?? 1) - 1;
    if (left > 0) inFlight.set(key, left);
    else inFlight.delete(key);
  };

  return {
    queue,
    async reserve(caller) {
      const key = caller.userId ?? 'anonymous';
      const refusedUntil = outOfMinuteUntil.get(key);
      if (refusedUntil !== undefined) {
        const waitSeconds = Math.ceil((refusedUntil - Date.now()) / 1000);
        if (waitSeconds > 0) throw rateLimited(waitSeconds, tooManyInMinute);
        outOfMinuteUntil.delete(key);
      }
      const limit = caller.isAdmin ? ADMIN_SIMULATIONS_IN_FLIGHT : USER_SIMULATIONS_IN_FLIGHT;
      const current = inFlight.get(key) ?? 0;
      if (current >= limit) throw tooManyInFlight(limit);
      inFlight.set(key, current + 1);
      try {
        const rule = caller.isAdmin ? ADMIN_SIMULATIONS_PER_MINUTE : USER_SIMULATIONS_PER_MINUTE;
        await rateLimiter.consume(rule, key, tooManyInMinute);
      } catch (error) {
        leave(key);
        const retryAfterSeconds = (error as AppError).details?.retryAfterSeconds;
        if (typeof retryAfterSeconds === 'number') {
          const now = Date.now();
          for (const [other, until] of outOfMinuteUntil) if (until <= now) outOfMinuteUntil.delete(other);
          outOfMinuteUntil.set(key, now + retryAfterSeconds * 1000);
        }
        throw error;
      }
      let isReleased = false;
      const check = (cost: SimulationCost) => {
        if (!caller.isAdmin && cost.iterations * cost.players > MAX_SIMULATION_COST) throw tooLarge(cost);
      };
      return {
        check,
        async run(cost, work) {
          check(cost);
          return work();
        },
        release() {
          if (isReleased) return;
          isReleased = true;
          leave(key);
        },
      };
    },
  };
}
