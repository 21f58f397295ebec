import { simulateMatchup, type MatchupInput, type SimulationPlayer } from '@fm/engine';
import { describe, expect, it } from 'vitest';
import { createThreadScheduler } from './thread-scheduler.js';

const player = (id: string, team: string, predMean: number): SimulationPlayer => ({
  id,
  position: 'WR',
  team,
  opponent: 'BYE',
  predMean,
  predStd: predMean / 3,
});
const matchup = (iterations: number, seed: number): MatchupInput => ({
  user: { players: [player('a', 'KC', 15), player('b', 'LV', 11)] },
  opponent: { players: [player('c', 'SF', 14), player('d', 'SEA', 12)] },
  iterations,
  seed,
});
/** A clock that moves on a quarter of a millisecond each time it is read: a turn is a few blocks. */
function steppingClock() {
  let ms = 0;
  return () => (ms += 0.25);
}
const ticks = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise(setImmediate);
};

describe('thread scheduler', () => {
  it("runs a newcomer's simulation before the rest of a busy user's large ones, each with the engine's exact result", async () => {
    const scheduler = createThreadScheduler(steppingClock());
    const finished: string[] = [];
    const track = <T>(name: string, run: Promise<T>) => run.then((outcome) => (finished.push(name), outcome));
    const hogInputs = [matchup(60_000, 1), matchup(60_000, 2)];
    const hogRuns = hogInputs.map((input, i) => track(`hog-${i}`, scheduler.run('hog', input)));
    await ticks(20); // the hog's first run is well under way
    const victimInput = matchup(2_000, 3);
    const victimRun = track('victim', scheduler.run('victim', victimInput));

    expect(await victimRun).toEqual({ ok: true, result: simulateMatchup(victimInput) });
    expect(finished).toEqual(['victim']);
    expect(await Promise.all(hogRuns)).toEqual(
      hogInputs.map((input) => ({ ok: true, result: simulateMatchup(input) })),
    );
    expect(finished).toEqual(['victim', 'hog-0', 'hog-1']);
    expect(scheduler.held).toBe(0);
  });

  it('runs what users send at once shortest first, and equal runs in arrival order', async () => {
    const scheduler = createThreadScheduler(steppingClock());
    const finished: string[] = [];
    const sent = [
      ['long', 20_000],
      ['short', 1_000],
      ['medium', 5_000],
      ['medium too', 5_000],
    ] as const;
    await Promise.all(
      sent.map(([name, iterations], i) =>
        scheduler.run(name, matchup(iterations, i)).then(() => finished.push(name)),
      ),
    );
    expect(finished).toEqual(['short', 'medium', 'medium too', 'long']);
  });

  it("runs a newcomer's run as large as a busy user's right after theirs under way, before the rest of their backlog", async () => {
    const scheduler = createThreadScheduler(steppingClock());
    const finished: string[] = [];
    const track = (name: string, run: Promise<unknown>) => run.then(() => finished.push(name));
    const backlog = [1, 2, 3].map((seed) =>
      track(`hog-${seed}`, scheduler.run('hog', matchup(20_000, seed))),
    );
    await ticks(5);
    const newcomer = track('newcomer', scheduler.run('newcomer', matchup(20_000, 9)));
    await Promise.all([...backlog, newcomer]);
    // the newcomer's run ends where the hog's first would have if it had started then: it comes second
    expect(finished).toEqual(['hog-1', 'newcomer', 'hog-2', 'hog-3']);
    expect(scheduler.held).toBe(0);
  });

  it("answers the engine's refusal of an input as data naming the field, and keeps serving", async () => {
    const scheduler = createThreadScheduler(steppingClock());
    const [refused, fine] = await Promise.all([
      scheduler.run('someone', { ...matchup(2_000, 1), histogramBins: 0 }),
      scheduler.run('someone', matchup(2_000, 1)),
    ]);
    expect(refused).toMatchObject({ ok: false, field: 'histogramBins' });
    expect(fine).toEqual({ ok: true, result: simulateMatchup(matchup(2_000, 1)) });
  });
});
