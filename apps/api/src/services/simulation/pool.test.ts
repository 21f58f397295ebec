import { simulateMatchup, type MatchupInput, type SimulationPlayer } from '@fm/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulationRunner } from './pool.js';

const player = (
  id: string,
  position: string,
  team: string,
  opponent: string,
  predMean: number,
): SimulationPlayer => ({
  id,
  position,
  team,
  opponent,
  predMean,
  predStd: predMean / 2.5,
});
const INPUT: MatchupInput = {
  user: { players: [player('qb', 'QB', 'KC', '@LV', 21), player('wr', 'WR', 'KC', '@LV', 14)] },
  opponent: { players: [player('def', 'DEF', 'LV', 'KC', 7), player('rb', 'RB', 'BUF', 'MIA', 15)] },
  iterations: 4_000,
  seed: 2024,
};

describe('simulation runner', () => {
  const runner = createSimulationRunner();
  afterAll(() => runner.close());

  it('runs in worker threads from source (through tsx) and answers exactly what the engine answers inline', async () => {
    expect(runner.mode).toBe('pool');
    const outcomes = await Promise.all([
      runner.run({ owner: 'a', input: INPUT }),
      runner.run({ owner: 'b', input: INPUT }),
      runner.run({ owner: 'a', input: { ...INPUT, seed: 1 } }),
    ]);
    expect(runner.mode).toBe('pool');
    expect(outcomes[0]).toEqual({ ok: true, result: simulateMatchup(INPUT) });
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[2]).toEqual({ ok: true, result: simulateMatchup({ ...INPUT, seed: 1 }) });
  });

  it('never runs more threads than it was sized for (SIMULATION_WORKERS)', async () => {
    for (const threads of [1, 2]) {
      const sized = createSimulationRunner({ threads });
      try {
        await Promise.all(
          Array.from({ length: 6 }, (_, seed) =>
            sized.run({ owner: `user-${seed}`, input: { ...INPUT, seed } }),
          ),
        );
        expect(sized.mode).toBe('pool');
        expect(sized.liveThreads).toBe(threads);
      } finally {
        await sized.close();
      }
    }
  });

  it('answers the engine’s refusal of an input as data, naming the field', async () => {
    const outcome = await runner.run({ owner: 'a', input: { ...INPUT, histogramBins: 0 } });
    expect(outcome).toMatchObject({ ok: false, field: 'histogramBins' });
    expect(runner.mode).toBe('pool');
  });
});
