import { describe, expect, it } from 'vitest';
import { createFairQueue } from './fair-queue.js';

/** A task that finishes when the test says so, recording when it started. */
function gatedTask(name: string, started: string[]) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

describe('fair simulation queue', () => {
  it("serves users in turn: another user's task runs before the rest of a hog's queue", async () => {
    const queue = createFairQueue({ concurrency: 1, maxWaiting: 10 });
    const started: string[] = [];
    const hogs = Array.from({ length: 4 }, (_, i) => gatedTask(`hog-${i}`, started));
    const victim = gatedTask('victim', started);
    const hogRuns = hogs.map((hog) => queue.run('hog', hog.task));
    const victimRun = queue.run('victim', victim.task);
    expect(started).toEqual(['hog-0']);
    hogs[0]!.finish();
    await hogRuns[0];
    await new Promise(setImmediate);
    expect(started).toEqual(['hog-0', 'victim']);
    victim.finish();
    for (const hog of hogs.slice(1)) hog.finish();
    expect(await victimRun).toBe('victim');
    expect(await Promise.all(hogRuns)).toEqual(['hog-0', 'hog-1', 'hog-2', 'hog-3']);
  });

  it('refuses at once with 503 SIMULATION_BUSY and a Retry-After when the queue is full', async () => {
    const queue = createFairQueue({ concurrency: 1, maxWaiting: 2 });
    const started: string[] = [];
    const tasks = Array.from({ length: 3 }, (_, i) => gatedTask(`t${i}`, started));
    const runs = tasks.map((t, i) => queue.run(`user-${i}`, t.task));
    await expect(queue.run('late', async () => 'never')).rejects.toMatchObject({
      code: 'SIMULATION_BUSY',
      status: 503,
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(started).toEqual(['t0']);
    for (const t of tasks) t.finish();
    await Promise.all(runs);
    expect(queue.running + queue.waiting).toBe(0);
    expect(await queue.run('late', async () => 'now')).toBe('now');
  });
});
