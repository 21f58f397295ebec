import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AdviceBacktestCard, AdviceRow } from '@fm/projections';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdviceBacktestSection } from './AdviceBacktestSection';

const file = path.resolve(import.meta.dirname, '../../../../../packages/projections/advice-backtest.json');
const committed = JSON.parse(readFileSync(file, 'utf8')) as AdviceBacktestCard;

const row = (
  label: string,
  pickups: number,
  [ours, thisWeek, restOfSeason]: [number, number, number],
  partner: number,
  lostToThisWeek = 0.1,
): AdviceRow => ({
  label,
  pickups: {
    pickups,
    meanAdded: { ours, thisWeek, restOfSeason },
    versus: {
      thisWeek: { better: 0.6, same: 0.4 - lostToThisWeek, worse: lostToThisWeek },
      restOfSeason: { better: 0.55, same: 0.3, worse: 0.15 },
    },
  },
  trades: {
    teamWeeks: pickups,
    teamWeeksWithSuggestion: pickups - 2,
    trades: 3 * (pickups - 2),
    helpedBoth: 0.25,
    helpedYou: 0.6,
    helpedPartner: 0.4,
    meanActual: { you: 12.34, partner },
    meanProjected: { you: 30, partner: 4 },
  },
});

const card: AdviceBacktestCard = {
  generatedAt: '2026-12-02T07:00:00.000Z',
  command: 'npm run backtest:advice',
  seasons: [
    { season: 2024, lastWeek: 14 },
    { season: 2025, lastWeek: 11 },
  ],
  setup: ['12 teams, PPR.', 'A snake draft.'],
  rows: [
    row('2024', 84, [10.5, -7.6, -6.5], -20),
    row('2025', 66, [3.2, 4.1, -1], -5.5, 0.35),
    row('All', 150, [7.29, -2.45, -4.08], -13.62),
  ],
  byPosition: [
    { position: 'K', pickups: 20, meanAdded: { ours: 6.5, thisWeek: 4.4, restOfSeason: 4.3 } },
    { position: 'RB', pickups: 100, meanAdded: { ours: 12, thisWeek: -3, restOfSeason: -2 } },
    { position: 'TE', pickups: 10, meanAdded: { ours: -30.2, thisWeek: -60, restOfSeason: -61 } },
  ],
  tradesScoredPerTeamWeek: 3,
  timings: { totalSeconds: 600, teamWeeks: 150 },
};

function tableRows(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('advice backtest section', () => {
  it('tabulates each ranking’s actual points added per season and overall, and how often ours wins', () => {
    render(<AdviceBacktestSection card={card} />);
    expect(screen.getByRole('heading', { name: 'Is the advice any good?' })).toBeTruthy();
    expect(tableRows('Free-agent advice backtest')).toEqual([
      ['2024', '84', '+10.5', '-7.6', '-6.5', '60% / 10%', '55% / 15%'],
      ['2025', '66', '+3.2', '+4.1', '-1.0', '60% / 35%', '55% / 15%'],
      ['All', '150', '+7.3', '-2.5', '-4.1', '60% / 10%', '55% / 15%'],
    ]);
    expect(
      screen.getByText(
        /Over all 150 team-weeks, the free agent we rank first added \+7\.3 actual points .* the highest projection this week added -2\.5; ours added more in 60% of the weeks, as much in 30% and less in 10%/,
      ),
    ).toBeTruthy();
  });

  it('says in words where our ranking loses: seasons, positions and single weeks', () => {
    render(<AdviceBacktestSection card={card} />);
    const notes = within(screen.getByRole('list', { name: 'Where our ranking loses' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(notes).toEqual([
      'In 2025, the highest projection this week added more on average than our pick.',
      'Against the highest projection this week, ours lost 30% of the weeks or more in 2025 (lost 35%, won 60%).',
      'When our pick is a K (20 team-weeks), he added +6.5 on average: barely more than the +4.4 and +4.3 for the two baselines’ picks in the same weeks.',
      'When our pick is a TE (10 team-weeks), he added -30.2 on average, against -60.0 and -61.0 for the two baselines’ picks in the same weeks.',
      expect.stringMatching(
        /^Even where ours wins on average, it loses single weeks: 15% of the time to the highest rest-of-season projection\./,
      ),
    ]);
  });

  it('scores the trade suggestions for both sides and names the partner’s loss', () => {
    render(<AdviceBacktestSection card={card} />);
    expect(tableRows('Trade suggestions backtest')[2]).toEqual([
      'All',
      '444',
      '25%',
      '+12.3',
      '-13.6',
      '+30.0 / +4.0',
    ]);
    expect(
      screen.getByText(/Of its first 3 suggestions there \(444 in all\), 25% actually helped both teams/),
    ).toBeTruthy();
    expect(screen.getByText(/The partner’s side is where it loses/)).toBeTruthy();
  });

  it('shows the backtest the projections package committed: every season and the total', () => {
    render(<AdviceBacktestSection />);
    const rows = tableRows('Free-agent advice backtest');
    expect(rows.map((cells) => cells[0])).toEqual([...committed.seasons.map((s) => String(s.season)), 'All']);
    const all = committed.rows.at(-1)!;
    expect(rows.at(-1)![1]).toBe(all.pickups.pickups.toLocaleString('en-US'));
    expect(screen.getByText(committed.command)).toBeTruthy();
  });
});
