import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { trpc } from '../../lib/trpc';
import MethodologyPage from './MethodologyPage';

function renderWithCard(modelCard: Record<string, unknown> | null) {
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
  it('renders the model card: facts, nested groups and the backtest rows as a table', () => {
    renderWithCard({
      modelVersion: 'ridge-2025.09',
      scoring: 'ppr',
      backtest: {
        pairwiseAccuracy: 0.634,
        weeks: [
          { season: 2024, week: 10, mae: 5.123, players: 312 },
          { season: 2024, week: 11, mae: 4.9, players: 30512 },
        ],
      },
    });
    expect(screen.getByText('Model version').nextElementSibling!.textContent).toBe('ridge-2025.09');
    expect(screen.getByText('Pairwise accuracy').nextElementSibling!.textContent).toBe('63.4%');
    const table = screen.getByRole('table', { name: 'Weeks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Season', 'Week', 'Mae', 'Players']);
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(within(table).getAllByRole('row')[2]!).getAllByRole('cell')[3]!.textContent).toBe('30,512');
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2024', '10', '5.123', '312']);
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
