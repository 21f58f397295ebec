import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './BarChart.js';
import { LineChart } from './LineChart.js';
import { PieChart } from './PieChart.js';

// jsdom has no layout, so no ResizeObserver; the charts then render at width 0 (tables only).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('charts', () => {
  it('name a line chart and list its points for screen readers', () => {
    render(
      <LineChart
        label="New users per day"
        data={[
          { x: '2026-11-01', y: 3 },
          { x: '2026-11-02', y: 5 },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'New users per day' })).toBeTruthy();
    expect(screen.getByRole('row', { name: '2026-11-02 5' })).toBeTruthy();
  });

  it('show the empty text instead of an empty chart', () => {
    render(<LineChart label="Errors" data={[]} emptyText="No error data available" />);
    render(<BarChart label="By hour" data={[]} emptyText="No error data available" />);
    render(
      <PieChart
        label="By category"
        data={[{ label: 'SERVER_ERROR', value: 0 }]}
        emptyText="No error data available"
      />,
    );
    expect(screen.getAllByText('No error data available')).toHaveLength(3);
  });

  it('give each pie slice a legend entry with its share, leaving out empty slices', () => {
    render(
      <PieChart
        label="By category"
        data={[
          { label: 'A', value: 3 },
          { label: 'B', value: 1 },
          { label: 'C', value: 0 },
        ]}
      />,
    );
    expect(screen.getByText('A: 3 (75%)')).toBeTruthy();
    expect(screen.getByText('B: 1 (25%)')).toBeTruthy();
    expect(screen.queryByText(/^C:/)).toBeNull();
  });
});
