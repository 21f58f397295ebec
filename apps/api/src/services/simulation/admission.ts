import { AppError, validationError } from '../../errors.js';
import { rateLimited, type RateLimiter, type RateLimitRule } from '../rate-limits/rate-limiter.js';
import { createFairQueue, type FairQueue } from './fair-queue.js';
import { RUNS_PER_THREAD } from './pool.js';

/**
 * Who may start a simulation, and when. One user must not be able to hog the simulation threads:
 * - a cost cap, iterations × players, refused before any work (admins exempt);
 * - a budget per call, the sum of its runs' costs (a rest-of-season call runs many), priced before its first run;
 * - a per-minute allowance charged by cost: one point per MAX_SIMULATION_COST a call draws (at least one);
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
 * What one call may draw in all (the sum of iterations × players over its runs; a season run's "players" are its
 * team-weeks): 8 of the largest single runs, ~0.16 s of a core. The 12-team league's leverage (12 season runs ×
 * 5,952 seasons × 168 team-weeks ≈ 12M) and free agents (season runs sharing ≈ 12M, plus their matchup runs) fit;
 * a 32-team league's leverage fits once 15 weeks or fewer are left (32 runs of the engine's minimum 1,000 seasons ×
 * 32 teams × 15 weeks = 15.4M). Admins are exempt, as from the cost cap.
 */
export const MAX_CALL_COST = 8 * MAX_SIMULATION_COST;

/**
 * One point of the per-minute allowance per this much drawn: the largest single run, so sixty points a minute
 * still keep a thread busy for about a second a minute however the work is split into calls.
 */
export const COST_PER_MINUTE_POINT = MAX_SIMULATION_COST;

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

/** A whole call's work, priced before its first run. */
export interface CallCost {
  /** Sum over the call's runs of iterations × players. */
  total: number;
  /** What the call would run, for the refusal ("Playoff leverage of a 32-team league with 17 weeks left"). */
  what: string;
  /** How the total is made, for the refusal ("32 season runs of 1,000 seasons × 544 team-weeks"). */
  runs: string;
}

/** One simulation request counted against its caller's limits; `release` once it is over. */
export interface SimulationSlot {
  /**
   * Refuses a simulation over the cost cap (VALIDATION_ERROR naming `iterations`, admins exempt), or one that takes
   * the call past MAX_CALL_COST (for a call that was not priced whole first).
   */
  check(cost: SimulationCost): void;
  /**
   * Prices a whole call before any of its runs: refuses it over MAX_CALL_COST (VALIDATION_ERROR, nothing run), and
   * charges the per-minute allowance by its cost (RATE_LIMITED when that goes over). Runs it then checks are
   * counted as already charged, up to this total.
   */
  price(cost: CallCost): Promise<void>;
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

function overCallBudget({ total, what, runs }: CallCost, isPriced: boolean): AppError {
  return validationError(
    `${what} would draw ${total.toLocaleString('en-US')} player-iterations (${runs}), over the ` +
      `${MAX_CALL_COST.toLocaleString('en-US')} one call may draw. ` +
      (isPriced ? 'Nothing was run.' : 'Ask for fewer results.'),
  );
}

/** Points of the per-minute allowance a call drawing `cost` takes in all: one per COST_PER_MINUTE_POINT begun. */
export function minutePointsOf(cost: number): number {
  return Math.max(1, Math.ceil(cost / COST_PER_MINUTE_POINT));
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
      const rule = caller.isAdmin ? ADMIN_SIMULATIONS_PER_MINUTE : USER_SIMULATIONS_PER_MINUTE;
      try {
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
      /** Drawn by the call's runs so far, and paid for in the minute (the request's own point pays for one). */
      let drawn = 0;
      let paidFor = COST_PER_MINUTE_POINT;
      const check = (cost: SimulationCost) => {
        if (caller.isAdmin) return;
        const runCost = cost.iterations * cost.players;
        if (runCost > MAX_SIMULATION_COST) throw tooLarge(cost);
        if (drawn + runCost > Math.max(MAX_CALL_COST, paidFor)) {
          throw overCallBudget(
            { total: drawn + runCost, what: 'This call', runs: 'its runs so far and the next' },
            false,
          );
        }
        drawn += runCost;
      };
      const charge = async (cost: number) => {
        const points = minutePointsOf(cost) - minutePointsOf(paidFor);
        paidFor = Math.max(paidFor, cost);
        if (points > 0) await rateLimiter.consume(rule, key, tooManyInMinute, points);
      };
      return {
        check,
        async price(cost) {
          if (!caller.isAdmin && cost.total > MAX_CALL_COST) throw overCallBudget(cost, true);
          await charge(cost.total);
        },
        async run(cost, work) {
          check(cost);
          return work();
        },
        release() {
          if (isReleased) return;
          isReleased = true;
          leave(key);
          // runs of a call not priced whole are charged when it ends, so its next call is refused in time
          if (drawn > paidFor) void charge(drawn).catch(() => undefined);
        },
      };
    },
  };
}
