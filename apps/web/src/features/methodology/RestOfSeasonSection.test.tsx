import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RosBacktestCard } from '@fm/projections';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RestOfSeasonSection } from './RestOfSeasonSection';

const file = path.resolve(import.meta.dirname, '../../../../../packages/projections/ros-backtest.json');
const committed = JSON.parse(readFileSync(file, 'utf8')) as RosBacktestCard;

const decay = { keep: 0.7, share: 0.75, target: 0, widen: 0.1 };
const cell = (position: 'QB' | 'RB', horizon: number, mae: number, naiveMae: number) => ({
  position,
  horizon,
  rows: 1200 - horizon,
  mae,
  naiveMae,
  coverage: 0.8,
});
const card: RosBacktestCard = {
  generatedAt: '2026-11-29T03:00:00.000Z',
  command: 'npm run backtest:ros',
  seasons: [2021, 2022, 2023, 2024, 2025].map((season) => ({ season, firstWeek: 1, lastWeek: 17 })),
  population: 'Players the experts projected at 5 points or more.',
  decay: {
    QB: decay,
    RB: { keep: 0.6, share: 0.5, target: 5, widen: 0 },
    WR: decay,
    TE: decay,
    K: { keep: 0.5, share: 0, target: 7.25, widen: 0 },
  },
  longAbsenceWeeks: 4,
  cells: [cell('QB', 0, 6, 6), cell('QB', 1, 6.9, 7.02), cell('QB', 2, 7.2, 7.45), cell('RB', 1, 6.1, 6.25)],
  check: {
    fitSeasons: [2021, 2022, 2023],
    decay: { QB: decay, RB: decay, WR: decay, TE: decay, K: decay },
    cells: [cell('QB', 0, 6, 6), cell('QB', 1, 7.1, 7.08), cell('QB', 2, 7.6, 7.5), cell('RB', 1, 6.2, 6.3)],
  },
  timings: { totalSeconds: 200, samples: 72714 },
};

function tableRows(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

describe('rest-of-season section', () => {
  it('explains byes, injuries and the decay, and shows each position’s constants in words', () => {
    render(<RestOfSeasonSection card={card} />);
    expect(screen.getByRole('heading', { name: 'Rest of season' })).toBeTruthy();
    expect(screen.getByText(/0 points in his team’s bye week/)).toBeTruthy();
    expect(screen.getByText(/0 this week and the 3 after it/)).toBeTruthy();
    expect(tableRows('Rest-of-season decay by position')).toEqual([
      ['QB', '75% of his projection', '70%'],
      ['RB', '50% of his projection + 50% of 5.00 pts', '60%'],
    ]);
  });

  it('tabulates ours against the naive figure 1+ weeks ahead and names where the held-out check lost', () => {
    render(<RestOfSeasonSection card={card} />);
    expect(tableRows('Rest-of-season backtest')).toEqual([
      ['QB +1', '6.90', '7.02', '1,199'],
      ['QB +2', '7.20', '7.45', '1,198'],
      ['RB +1', '6.10', '6.25', '1,199'],
    ]);
    expect(
      screen.getByText(
        /Fitted on 2021–2023 alone and scored on 2024–2025, the decay had the lower error in 1 of the 3 cells; the naive figure did better for QB 1 ahead, QB 2 ahead/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('npm run backtest:ros')).toBeTruthy();
  });

  it('shows the backtest the projections package committed, 4 horizons for each of its 5 positions', () => {
    render(<RestOfSeasonSection />);
    const rows = tableRows('Rest-of-season backtest');
    expect(rows).toHaveLength(5 * 4);
    const first = committed.cells.find((c) => c.horizon === 1)!;
    expect(rows[0]).toEqual([
      `${first.position} +1`,
      first.mae.toFixed(2),
      first.naiveMae.toFixed(2),
      first.rows.toLocaleString('en-US'),
    ]);
  });
});
