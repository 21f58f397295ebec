import type { MatchupInput } from '@fm/engine';
import {
  type PoolOutcome,
  poolTaskCost,
  poolTaskSteps,
  refusalOf,
  type SimulationTaskOutcome,
} from './task.js';

/**
 * The simulations one worker thread holds, run in turns of about a millisecond, in fair-queuing
 * order: each run is tagged, on arrival, with where it would end if every owner's runs were served
 * one after another at the thread's pace (its owner's previous tag, or now if that is past, plus its
 * cost in player-iterations), and each turn goes to the lowest tag. A user who has sent large runs
 * has tags far ahead, so another user's run goes first, on the next turn, and runs to its end; the
 * large runs share what is left. Runs of users with nothing else queued follow in arrival order,
 * the shorter first when they arrive together, rather than take turns.
 * Runs are resumable engine steps (simulateMatchupInSteps, simulateSeasonOutlookInSteps): a turn ends between two
 * blocks of iterations. A job that cannot pause (the trade search) runs whole in its turn.
 */

/** Longest a turn runs before the next is chosen (and runs sent meanwhile are let in). */
export const TURN_MS = 1;

interface Run {
  owner: string;
  steps: Generator<void, unknown, void>;
  /** Player-iterations served, in the thread's count, before this run may begin; and when it would end. */
  startTag: number;
  finishTag: number;
  arrival: number;
  resolve: (outcome: PoolOutcome<unknown>) => void;
  reject: (error: unknown) => void;
}

export interface ThreadScheduler {
  /** Runs `input` for `owner` in turns with the thread's other runs. */
  run(owner: string, input: MatchupInput): Promise<SimulationTaskOutcome>;
  /** Runs the steps of any job for `owner`, costing `cost` player-iterations, in turns with the thread's other runs. */
  runSteps<R>(owner: string, cost: number, steps: Generator<void, R, void>): Promise<PoolOutcome<R>>;
  /** Runs held now (started or not). */
  readonly held: number;
}

export function createThreadScheduler(now: () => number = () => performance.now()): ThreadScheduler {
  const runs: Run[] = [];
  /** Each owner's latest finish tag, while it lies ahead of the thread's progress. */
  const lastFinishTags = new Map<string, number>();
  /** The thread's progress in tag terms: the start tag of the latest run served. */
  let virtualTime = 0;
  let arrivals = 0;
  let isTurning = false;

  const nextRun = (): Run => {
    let chosen = runs[0]!;
    for (const run of runs) {
      if (
        run.finishTag < chosen.finishTag ||
        (run.finishTag === chosen.finishTag && run.arrival < chosen.arrival)
      )
        chosen = run;
    }
    return chosen;
  };

  const finish = (run: Run) => {
    runs.splice(runs.indexOf(run), 1);
    // An owner whose tags the thread has passed starts afresh: the map stays as small as the runs held.
    for (const [owner, tag] of lastFinishTags) if (tag <= virtualTime) lastFinishTags.delete(owner);
  };

  const turn = () => {
    const startedAt = now();
    const run = nextRun();
    virtualTime = Math.max(virtualTime, run.startTag);
    let outcome: PoolOutcome<unknown> | undefined;
    let failure: unknown;
    try {
      let step = run.steps.next();
      while (!step.done && now() - startedAt < TURN_MS) step = run.steps.next();
      if (step.done) outcome = { ok: true, result: step.value };
    } catch (error) {
      outcome = refusalOf(error) ?? undefined;
      if (!outcome) failure = error ?? new Error('simulation failed');
    }
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

  const runSteps = <R>(owner: string, cost: number, steps: Generator<void, R, void>) =>
    new Promise<PoolOutcome<R>>((resolve, reject) => {
      const startTag = Math.max(virtualTime, lastFinishTags.get(owner) ?? 0);
      const finishTag = startTag + Math.max(1, cost);
      lastFinishTags.set(owner, finishTag);
      runs.push({
        owner,
        steps,
        startTag,
        finishTag,
        arrival: arrivals++,
        resolve: resolve as (outcome: PoolOutcome<unknown>) => void,
        reject,
      });
      if (!isTurning) {
        isTurning = true;
        setImmediate(keepTurning);
      }
    });

  return {
    get held() {
      return runs.length;
    },
    run: (owner, input) =>
      runSteps(
        owner,
        poolTaskCost({ owner, input }),
        poolTaskSteps({ owner, input }),
      ) as Promise<SimulationTaskOutcome>,
    runSteps,
  };
}
