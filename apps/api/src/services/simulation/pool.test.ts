import {
  findWinWinTrades,
  parseStartingSlots,
  simulateMatchup,
  simulateSeasonOutlook,
  type MatchupInput,
  type SeasonOutlookInput,
  type SimulationPlayer,
  type TradeLeague,
} from '@fm/engine';
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

  it('runs season runs and the trade search in the threads too, answering what the engine answers inline', async () => {
    const ids = ['1', '2', '3', '4'];
    const season: SeasonOutlookInput = {
      teams: ids.map((id, i) => ({
        id,
        wins: i,
        losses: 3 - i,
        pointsFor: 300,
        weeklyMean: 100 + i,
        weeklyStd: 20,
      })),
      schedule: [
        {
          week: 5,
          matchups: [
            ['1', '2'],
            ['3', '4'],
          ],
        },
        {
          week: 6,
          matchups: [
            ['1', '3'],
            ['2', '4'],
          ],
        },
      ],
      playoffTeams: 2,
      iterations: 5_000,
      seed: 7,
    };
    const weekly = (mean: number) => [mean, mean];
    const league: TradeLeague = {
      slots: parseStartingSlots(['RB', 'WR', 'BN', 'BN']),
      rosters: [
        {
          rosterId: 1,
          players: [
            { id: 'r1', position: 'RB', weeklyMeans: weekly(15) },
            { id: 'r2', position: 'RB', weeklyMeans: weekly(14) },
            { id: 'w1', position: 'WR', weeklyMeans: weekly(5) },
          ],
        },
        {
          rosterId: 2,
          players: [
            { id: 'w2', position: 'WR', weeklyMeans: weekly(16) },
            { id: 'w3', position: 'WR', weeklyMeans: weekly(15) },
            { id: 'r3', position: 'RB', weeklyMeans: weekly(4) },
          ],
        },
      ],
    };
    const [seasonOutcome, searchOutcome] = await Promise.all([
      runner.runSeason({ owner: 'a', season }),
      runner.runTradeSearch({ owner: 'b', league, rosterId: 1 }),
    ]);
    expect(runner.mode).toBe('pool');
    expect(seasonOutcome).toEqual({ ok: true, result: simulateSeasonOutlook(season) });
    expect(searchOutcome).toEqual({ ok: true, result: findWinWinTrades(league, 1) });
    expect(searchOutcome.ok && searchOutcome.result.trades.length).toBeGreaterThan(0);
    const refused = await runner.runSeason({ owner: 'a', season: { ...season, playoffTeams: 9 } });
    expect(refused).toMatchObject({ ok: false, field: 'playoffTeams' });
  });

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
