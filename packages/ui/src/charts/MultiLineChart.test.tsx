import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MultiLineChart, MultiLinePlot } from './MultiLineChart.js';

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

describe('MultiLineChart gaps', () => {
  it('breaks the line at a week without a value instead of joining the weeks either side', () => {
    const { container } = render(
      <svg>
        <MultiLinePlot
          xLabels={['W1', 'W2', 'W3', 'W4']}
          series={[{ name: 'Josh Allen', values: [20, null, 25, 30] }]}
          innerWidth={400}
          innerHeight={200}
        />
      </svg>,
    );
    const path = container.querySelector('path.visx-linepath')?.getAttribute('d') ?? '';
    // Two pieces: W1 alone (a point, drawn as a dot) and W3–W4; each piece starts with a move.
    expect(path.match(/M/g)?.length ?? 0).toBe(2);
    expect(container.querySelectorAll('circle')).toHaveLength(3);
  });
});
