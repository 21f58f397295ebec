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

  it('runs the short simulations of users with equal use one after the other, in arrival order', async () => {
    const scheduler = createThreadScheduler(steppingClock());
    const finished: string[] = [];
    const runs = ['first', 'second', 'third'].map((name, i) =>
      scheduler.run(name, matchup(1_000, i)).then(() => finished.push(name)),
    );
    await Promise.all(runs);
    expect(finished).toEqual(['first', 'second', 'third']);
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
