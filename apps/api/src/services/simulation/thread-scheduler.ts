import { EngineInputError, simulateMatchupInSteps, type MatchupInput, type MatchupResult } from '@fm/engine';
import type { SimulationTaskOutcome } from './task.js';

/**
 * The simulations one worker thread holds, run in turns of about a millisecond. Each turn goes to a
 * run of the owner who has used the thread least lately (their oldest run), so a user who keeps the
 * thread busy with large runs delays another user's run by one turn: the newcomer goes first and
 * runs to its end, and the large runs share what is left. The run that had the last turn keeps the
 * thread while its owner's use is within KEEP_MS of the least, so that two users with short runs
 * see them run one after the other rather than both finish late.
 * Runs are resumable engine steps (simulateMatchupInSteps): a turn ends between two blocks of iterations.
 */

/** Longest a turn runs before the next is chosen (and newly arrived runs are let in). */
export const TURN_MS = 1;
/** How far ahead of the least-served owner the owner of the last turn's run may get and keep the thread. */
const KEEP_MS = 2 * TURN_MS;
/** Half-life of an owner's recorded use of the thread: use a few seconds ago hardly counts any more. */
const USAGE_HALF_LIFE_MS = 2_000;
/** Use below this is no use at all (a tenth of a short run). */
const FORGOTTEN_USAGE_MS = 0.1;

interface Run {
  owner: string;
  steps: Generator<void, MatchupResult, void>;
  arrival: number;
  resolve: (outcome: SimulationTaskOutcome) => void;
  reject: (error: unknown) => void;
}

interface Usage {
  ms: number;
  at: number;
}

export interface ThreadScheduler {
  /** Runs `input` for `owner` in turns with the thread's other runs. */
  run(owner: string, input: MatchupInput): Promise<SimulationTaskOutcome>;
  /** Runs held now (started or not). */
  readonly held: number;
}

export function createThreadScheduler(now: () => number = () => performance.now()): ThreadScheduler {
  const runs: Run[] = [];
  const usage = new Map<string, Usage>();
  let arrivals = 0;
  let isTurning = false;
  let lastRun: Run | null = null;

  const usageOf = (owner: string, at: number) => {
    const used = usage.get(owner);
    return used ? used.ms * 2 ** (-(at - used.at) / USAGE_HALF_LIFE_MS) : 0;
  };

  const nextRun = (at: number): Run => {
    let chosen = runs[0]!;
    let chosenUsage = usageOf(chosen.owner, at);
    for (const run of runs) {
      const used = usageOf(run.owner, at);
      if (used < chosenUsage || (used === chosenUsage && run.arrival < chosen.arrival)) {
        chosen = run;
        chosenUsage = used;
      }
    }
    if (lastRun && runs.includes(lastRun) && usageOf(lastRun.owner, at) <= chosenUsage + KEEP_MS)
      return lastRun;
    return chosen;
  };

  const finish = (run: Run) => {
    runs.splice(runs.indexOf(run), 1);
    // Owners whose use no longer counts are forgotten, so the map stays about as small as the runs held.
    const at = now();
    for (const owner of usage.keys()) if (usageOf(owner, at) < FORGOTTEN_USAGE_MS) usage.delete(owner);
  };

  const turn = () => {
    const startedAt = now();
    const run = nextRun(startedAt);
    lastRun = run;
    let outcome: SimulationTaskOutcome | undefined;
    let failure: unknown;
    try {
      let step = run.steps.next();
      while (!step.done && now() - startedAt < TURN_MS) step = run.steps.next();
      if (step.done) outcome = { ok: true, result: step.value };
    } catch (error) {
      if (error instanceof EngineInputError)
        outcome = { ok: false, field: error.field, message: error.message };
      else failure = error ?? new Error('simulation failed');
    }
    const endedAt = now();
    usage.set(run.owner, { ms: usageOf(run.owner, endedAt) + (endedAt - startedAt), at: endedAt });
    if (outcome) {
      finish(run);
      run.resolve(outcome);
    } else if (failure !== undefined) {
      finish(run);
      run.reject(failure);
    }
  };

  // Between turns the thread goes back to its event loop, where runs sent meanwhile arrive.
  const keepTurning = () => {
    if (runs.length === 0) {
      isTurning = false;
      return;
    }
    turn();
    setImmediate(keepTurning);
  };

  return {
    get held() {
      return runs.length;
    },
    run(owner, input) {
      return new Promise((resolve, reject) => {
        runs.push({
          owner,
          steps: simulateMatchupInSteps(input),
          arrival: arrivals++,
          resolve,
          reject,
        });
        if (!isTurning) {
          isTurning = true;
          setImmediate(keepTurning);
        }
      });
    },
  };
}
