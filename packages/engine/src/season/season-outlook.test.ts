import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import {
  simulateSeasonOutlook,
  simulateSeasonOutlookInSteps,
  type SeasonOutlookInput,
} from './season-outlook.js';
import type { SeasonTeam, SeasonWeek } from './season-input.js';

function team(
  id: string,
  wins: number,
  losses: number,
  pointsFor: number,
  weeklyMean = 110,
  weeklyStd = 20,
): SeasonTeam {
  return { id, wins, losses, pointsFor, weeklyMean, weeklyStd };
}

/** Round-robin pairings (circle method) for `weeks` weeks. */
function roundRobin(ids: string[], weeks: number): SeasonWeek[] {
  const rotating = ids.slice(1);
  return Array.from({ length: weeks }, (_, w) => {
    const order = [
      ids[0]!,
      ...rotating.slice(w % rotating.length),
      ...rotating.slice(0, w % rotating.length),
    ];
    const half = order.length / 2;
    return {
      week: 11 + w,
      matchups: Array.from(
        { length: half },
        (_, i) => [order[i]!, order[order.length - 1 - i]!] as [string, string],
      ),
    };
  });
}

const IDS = Array.from({ length: 12 }, (_, i) => `t${i + 1}`);

function league(overrides: Partial<SeasonOutlookInput> = {}): SeasonOutlookInput {
  return {
    teams: IDS.map((id, i) => team(id, i === 0 ? 10 : 5, i === 0 ? 0 : 5, 1100)),
    schedule: roundRobin(IDS, 4),
    playoffTeams: 6,
    byeTeams: 2,
    seed: 1,
    ...overrides,
  };
}

describe('simulateSeasonOutlook', () => {
  it('gives a team that has clinched a playoff probability of 1', () => {
    const result = simulateSeasonOutlook(league());
    // 10–0 with four weeks left; nobody else can pass 9 wins.
    expect(result.teams[0]!.playoffProbability).toBe(1);
    expect(result.teams[0]!.byeProbability).toBe(1);
    expect(result.teams[0]!.seedProbabilities[0]).toBe(1);
  });

  it('hands out exactly the playoff and bye places: probabilities sum to the slot counts, seeds to 1', () => {
    const result = simulateSeasonOutlook(league({ medianMatch: true, seed: 'sums' }));
    const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
    expect(sum(result.teams.map((t) => t.playoffProbability))).toBeCloseTo(6, 9);
    expect(sum(result.teams.map((t) => t.byeProbability))).toBeCloseTo(2, 9);
    for (const outlook of result.teams) expect(sum(outlook.seedProbabilities)).toBeCloseTo(1, 9);
    for (let seed = 0; seed < 12; seed++)
      expect(sum(result.teams.map((t) => t.seedProbabilities[seed]!))).toBeCloseTo(1, 9);
  });

  it('gives identical teams with identical records equal chances (6 of 12 make it: 0.5 ± 0.03)', () => {
    const result = simulateSeasonOutlook(
      league({ teams: IDS.map((id) => team(id, 5, 5, 1100)), iterations: 20_000 }),
    );
    for (const outlook of result.teams) expect(Math.abs(outlook.playoffProbability - 0.5)).toBeLessThan(0.03);
  });

  it('adds one head-to-head game per week, and with the median format a second one', () => {
    const base = league({ teams: IDS.map((id) => team(id, 5, 5, 1100)) });
    const totalWins = (medianMatch: boolean): number =>
      simulateSeasonOutlook({ ...base, medianMatch }).teams.reduce((total, t) => total + t.expectedWins, 0);
    // 12 teams × 5 wins now; each week hands out 6 head-to-head wins and, with the median, 6 more.
    expect(totalWins(false)).toBeCloseTo(60 + 4 * 6, 6);
    expect(totalWins(true)).toBeCloseTo(60 + 4 * 12, 6);
  });

  it('breaks ties in the standings on points for', () => {
    const teams = [
      team('a', 7, 7, 1500),
      team('b', 7, 7, 1600),
      team('c', 3, 11, 1700),
      team('d', 11, 3, 1000),
    ];
    const result = simulateSeasonOutlook({ teams, schedule: [], playoffTeams: 2, seed: 1 });
    const seedOf = (id: string): number =>
      result.teams.find((t) => t.id === id)!.seedProbabilities.indexOf(1) + 1;
    expect([seedOf('d'), seedOf('b'), seedOf('a'), seedOf('c')]).toEqual([1, 2, 3, 4]);
  });

  it('favours the stronger team in a close race', () => {
    const teams = IDS.map((id, i) => team(id, 5, 5, 1100, i === 1 ? 130 : 110));
    const result = simulateSeasonOutlook(league({ teams }));
    expect(result.teams[1]!.playoffProbability).toBeGreaterThan(result.teams[2]!.playoffProbability + 0.1);
  });

  it('replays from a seed and rejects impossible leagues', () => {
    expect(simulateSeasonOutlook(league({ seed: 'x' }))).toEqual(
      simulateSeasonOutlook(league({ seed: 'x' })),
    );
    expect(() => simulateSeasonOutlook(league({ playoffTeams: 13 }))).toThrow(EngineInputError);
    expect(() => simulateSeasonOutlook(league({ byeTeams: 7 }))).toThrow(EngineInputError);
    expect(() =>
      simulateSeasonOutlook(league({ schedule: [{ week: 15, matchups: [['t1', 'nobody']] }] })),
    ).toThrow(/unknown or repeated team/);
    expect(() =>
      simulateSeasonOutlook(
        league({
          schedule: [
            {
              week: 15,
              matchups: [
                ['t1', 't2'],
                ['t1', 't3'],
              ],
            },
          ],
        }),
      ),
    ).toThrow(/plays twice/);
    expect(() => simulateSeasonOutlook(league({ iterations: 10 }))).toThrow(RangeError);
  });

  it('runs in steps that pause every few tens of thousands of team-weeks, with the same answer as in one go', () => {
    // 12 teams × 14 weeks = 168 team-weeks a season: 10,000 seasons are 1,680,000, so ~34 steps of ~50,000
    const input = league({ schedule: roundRobin(IDS, 14), iterations: 10_000 });
    const steps = simulateSeasonOutlookInSteps(input);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    expect(pauses).toBeGreaterThanOrEqual(30);
    expect(pauses).toBeLessThanOrEqual(40);
    expect(step.value).toEqual(simulateSeasonOutlook(input));
    expect(() => simulateSeasonOutlookInSteps(league({ playoffTeams: 13 })).next()).toThrow(EngineInputError);
  });

  describe('with one matchup’s result forced', () => {
    // every team 5–5 with different strengths: each week's result moves the playoff race
    const bubble = (overrides: Partial<SeasonOutlookInput> = {}) =>
      league({
        teams: IDS.map((id, i) => team(id, 5, 5, 1100, 100 + i * 2)),
        seed: 'leverage',
        ...overrides,
      });

    it('never gives a team a lower playoff probability after a forced win than after a forced loss (same seed)', () => {
      const input = bubble();
      for (const [home, away] of input.schedule[0]!.matchups) {
        const homeWins = simulateSeasonOutlook({ ...input, forcedResult: { winnerId: home, loserId: away } });
        const awayWins = simulateSeasonOutlook({ ...input, forcedResult: { winnerId: away, loserId: home } });
        const odds = (result: typeof homeWins, id: string) =>
          result.teams.find((entry) => entry.id === id)!.playoffProbability;
        expect(odds(homeWins, home)).toBeGreaterThanOrEqual(odds(awayWins, home));
        expect(odds(awayWins, away)).toBeGreaterThanOrEqual(odds(homeWins, away));
        // on a 5–5 bubble one game matters
        expect(odds(homeWins, home) - odds(awayWins, home)).toBeGreaterThan(0.05);
      }
    });

    it('adds exactly the one win to the winner and none to the loser, in the week named', () => {
      const input = bubble();
      const [home, away] = input.schedule[2]!.matchups[0]!;
      const week = input.schedule[2]!.week;
      const win = simulateSeasonOutlook({ ...input, forcedResult: { winnerId: home, loserId: away, week } });
      const loss = simulateSeasonOutlook({ ...input, forcedResult: { winnerId: away, loserId: home, week } });
      const wins = (result: typeof win, id: string) =>
        result.teams.find((entry) => entry.id === id)!.expectedWins;
      expect(wins(win, home) - wins(loss, home)).toBeCloseTo(1, 9);
      expect(wins(loss, away) - wins(win, away)).toBeCloseTo(1, 9);
      const bystander = IDS.find((id) => id !== home && id !== away)!;
      expect(wins(win, bystander)).toBe(wins(loss, bystander));
    });

    it('refuses a result for teams that do not meet that week', () => {
      const input = bubble();
      const [home, away] = input.schedule[0]!.matchups[0]!;
      const other = input.schedule[0]!.matchups[1]![0];
      expect(() =>
        simulateSeasonOutlook({ ...input, forcedResult: { winnerId: home, loserId: other } }),
      ).toThrow(/is not a matchup of week 11/);
      expect(() =>
        simulateSeasonOutlook({ ...input, forcedResult: { winnerId: home, loserId: away, week: 40 } }),
      ).toThrow(EngineInputError);
    });
  });
});
