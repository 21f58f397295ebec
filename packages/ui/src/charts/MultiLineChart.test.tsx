import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MultiLineChart } from './MultiLineChart.js';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('MultiLineChart', () => {
  it('names the chart and lists every series per x label for screen readers, a gap as a dash', () => {
    render(
      <MultiLineChart
        label="PPR points per week"
        xTitle="Week"
        xLabels={['W1', 'W2']}
        series={[
          { name: 'Josh Allen', values: [38.8, null] },
          { name: 'Lamar Jackson', values: [30.1, 22.4] },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'PPR points per week' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'W1 38.8 30.1' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'W2 — 22.4' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Lamar Jackson' })).toBeTruthy();
  });

  it('shows the empty text when no series has a value', () => {
    render(
      <MultiLineChart
        label="Points"
        xLabels={['W1']}
        series={[{ name: 'A', values: [null] }]}
        emptyText="No weekly stats"
      />,
    );
    expect(screen.getByText('No weekly stats')).toBeTruthy();
  });
});
