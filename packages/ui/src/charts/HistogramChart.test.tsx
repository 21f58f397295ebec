import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HistogramChart } from './HistogramChart.js';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('HistogramChart', () => {
  it('lists each bin’s share of every series for screen readers, with a legend', () => {
    render(
      <HistogramChart
        label="Simulated scores"
        binEdges={[80, 100, 120]}
        series={[
          { name: 'My team', counts: [3, 1] },
          { name: 'Opponent', counts: [0, 4] },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'Simulated scores' })).toBeTruthy();
    expect(screen.getByRole('row', { name: '80 to 100 75.0% 0.0%' })).toBeTruthy();
    expect(screen.getByRole('row', { name: '100 to 120 25.0% 100.0%' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['My team', 'Opponent']);
  });

  it('shows the empty text when nothing was counted', () => {
    render(
      <HistogramChart
        label="Margins"
        binEdges={[0, 1]}
        series={[{ name: 'Margin', counts: [0] }]}
        emptyText="Nothing yet"
      />,
    );
    expect(screen.getByText('Nothing yet')).toBeTruthy();
  });
});
