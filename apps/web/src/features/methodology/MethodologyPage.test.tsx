import type { ModelCard } from '@fm/contract';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { trpc } from '../../lib/trpc';
import MethodologyPage from './MethodologyPage';

const committedCard: ModelCard = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../../../../../packages/projections/model-card.json'),
    'utf8',
  ),
);

/** The committed card with some parts replaced. */
const cardWith = (change: Partial<ModelCard>): ModelCard => ({ ...committedCard, ...change });

function renderWithCard(modelCard: ModelCard | null) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(trpc.public.modelCard.queryKey(), { modelCard });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MethodologyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('methodology page', () => {
  it('lays out the backtest card: headline, methods side by side, segments and definitions', () => {
    const metrics = (accuracy: number, mae: number) => ({
      mae,
      rmse: mae + 1.5,
      spearman: 0.4,
      pairwiseAccuracy: accuracy,
    });
    const segment = (rows: number, ours: number, theirs: number) => ({
      rows,
      methods: {
        model: metrics(ours, 5.5),
        nflcom: metrics(theirs, 5.51),
        seasonAverage: metrics(0.62, 5.9),
      },
      intervalCoverage: 0.801,
      maeOfMedian: 5.48,
    });
    renderWithCard(
      cardWith({
        version: 'wf-1',
        command: 'npm run backtest -- --seasons 2024,2025',
        seasons: [
          { season: 2024, firstWeek: 1, lastWeek: 16 },
          { season: 2025, firstWeek: 1, lastWeek: 11 },
        ],
        training: 'Walk-forward: refitted before each week on earlier weeks only.',
        headline: {
          startSitAccuracy: 0.6468,
          statement: '64.7% start/sit accuracy (PPR, walk-forward backtest, 4645 player-weeks)',
        },
        definitions: {
          ...committedCard.definitions,
          pairwiseAccuracy: 'Start/sit accuracy: pairs ranked right.',
        },
        results: {
          ...committedCard.results,
          overall: segment(4645, 0.6468, 0.6469),
          bySeason: { '2024': segment(2781, 0.649, 0.648) },
          byPosition: { QB: segment(787, 0.606, 0.605) },
        },
      }),
    );
    expect(screen.getByText(/^64\.7% start\/sit accuracy/)).toBeTruthy();
    const methods = screen.getByRole('table', { name: 'Backtest results by method' });
    const rows = within(methods).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Our model64.7%5.507.000.400',
      'NFL.com projection64.7%5.517.010.400',
      'Season average62.0%5.907.400.400',
    ]);
    const segments = within(screen.getByRole('table', { name: 'Backtest results by season and position' }));
    expect(segments.getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['All', '2024', 'All QB']);
    expect(screen.getByText('Weeks tested').nextElementSibling!.textContent).toBe(
      '2024 weeks 1–16, 2025 weeks 1–11',
    );
    expect(screen.getByText('Walk-forward: refitted before each week on earlier weeks only.')).toBeTruthy();
    expect(screen.getByText('Start/sit accuracy: pairs ranked right.')).toBeTruthy();
    expect(screen.getByText('npm run backtest -- --seasons 2024,2025')).toBeTruthy();
  });

  it('renders the model card the projections backtest committed, laid out as tables', () => {
    const card = committedCard;
    renderWithCard(card);
    expect(screen.getByText(card.headline.statement)).toBeTruthy();
    const methods = screen.getByRole('table', { name: 'Backtest results by method' });
    expect(
      within(methods)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Our model', 'NFL.com projection', 'Season average']);
    const accuracy = `${(card.headline.startSitAccuracy * 100).toFixed(1)}%`;
    expect(within(methods).getAllByRole('row')[1]!.textContent).toContain(accuracy);
    const experts = screen.getByRole('table', { name: 'Each expert where it projected' });
    expect(
      within(experts)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['NFL.com', 'Sleeper', 'ESPN']);
    const blend = screen.getByRole('table', { name: 'The blend by position' });
    expect(within(blend).getAllByRole('row')).toHaveLength(1 + 6);
  });

  it('shows each expert where it projected and the blend the model learned per position', () => {
    const metrics = { mae: 5.5, rmse: 7, spearman: 0.4, pairwiseAccuracy: 0.64 };
    const segment = { rows: 4645, methods: { model: metrics, nflcom: metrics, seasonAverage: metrics } };
    const { definitions } = committedCard;
    renderWithCard(
      cardWith({
        definitions: {
          ...definitions,
          blend: 'Per position, our fit is shrunk toward a mix of the experts.',
          methods: {
            ...definitions.methods,
            nflcom: 'NFL.com rescored.',
            sleeper: 'Sleeper rescored.',
            espn: 'ESPN rescored.',
          },
        },
        results: {
          ...committedCard.results,
          overall: { ...segment, intervalCoverage: 0.8, maeOfMedian: 5.4 },
          bySeason: {},
          byPosition: {},
          experts: {
            nflcom: { rows: 4645, mae: 5.512, rmse: 7.1, modelMae: 5.496, modelRmse: 7.09 },
            sleeper: { rows: 0, mae: 0, rmse: 0, modelMae: 0, modelRmse: 0 },
            espn: { rows: 129, mae: 5.58, rmse: 7.19, modelMae: 5.59, modelRmse: 7.22 },
          },
        },
        blend: {
          ...committedCard.blend,
          QB: { mix: {}, modelWeight: 0.9, recordRows: 1063 },
          RB: { mix: { nflcom: 0.25, espn: 0.75 }, modelWeight: 0, recordRows: 2316 },
        },
      }),
    );
    const experts = screen.getByRole('table', { name: 'Each expert where it projected' });
    expect(
      within(experts)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'NFL.comNFL.com rescored.4,6455.515.50',
      'SleeperSleeper rescored.0not in this data–',
      'ESPNESPN rescored.1295.585.59',
    ]);
    const blend = screen.getByRole('table', { name: 'The blend by position' });
    expect(
      within(blend)
        .getAllByRole('row')
        .slice(1, 3)
        .map((row) => row.textContent),
    ).toEqual(['QBAverage of the experts90%1,063', 'RBNFL.com 25% + ESPN 75%0%2,316']);
    expect(screen.getAllByText('Per position, our fit is shrunk toward a mix of the experts.')).toHaveLength(
      1,
    );
  });

  it('says so when the backtest has not published a card', () => {
    renderWithCard(null);
    expect(screen.getByText(/has not published its model card yet/)).toBeTruthy();
  });

  it('states the ±0.5-point precision of a win probability at 10,000 runs', () => {
    renderWithCard(null);
    const table = screen.getByRole('table', { name: /Precision of a win probability/ });
    const coinFlip = within(table).getAllByRole('row')[1]!;
    expect(
      within(coinFlip)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['50%', '±0.50 points', '±0.98 points']);
    expect(document.body.textContent).toContain('at most ±0.5 percentage points');
  });
});
