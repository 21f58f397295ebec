import { emptyStatLine, type SlateRow, type WeekData } from '@fm/projections';
import { describe, expect, it } from 'vitest';
import { nextWeekSlate } from './model-walk.js';

const player = {
  playerId: 1,
  name: 'Test Runner',
  position: 'RB',
  team: 'BUF',
  opponent: 'MIA',
  isHome: true,
} as const;

function playedWeek(season: number, week: number): WeekData {
  const slate: SlateRow[] = [
    {
      ...player,
      season,
      week,
      experts: { sleeper: { stats: null, total: { points: 12, perReception: 1 } } },
    },
  ];
  return { season, week, slate, actual: [{ ...player, season, week, ...emptyStatLine(), rushYd: 80 }] };
}

describe('the week the model projects after the held ones', () => {
  it('follows a finished week with the next one, its players carried forward with the opponent unknown', () => {
    const next = nextWeekSlate([playedWeek(2024, 5)]);
    expect(next).toMatchObject({ season: 2024, week: 6 });
    expect(next?.slate).toEqual([expect.objectContaining({ playerId: 1, week: 6, opponent: '' })]);
  });

  it('projects week 18 after week 17 since 2021, and nothing after the regular season ends', () => {
    expect(nextWeekSlate([playedWeek(2021, 17)])).toMatchObject({ season: 2021, week: 18 });
    expect(nextWeekSlate([playedWeek(2021, 18)])).toBeNull();
  });

  it('projects no week 18 in a season of 17 weeks (2020 and before)', () => {
    expect(nextWeekSlate([playedWeek(2020, 16)])).toMatchObject({ season: 2020, week: 17 });
    expect(nextWeekSlate([playedWeek(2020, 17)])).toBeNull();
  });
});
