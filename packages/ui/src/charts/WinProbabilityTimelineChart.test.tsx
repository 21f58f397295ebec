import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WinProbabilityTimelineChart } from './WinProbabilityTimelineChart.js';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('WinProbabilityTimelineChart', () => {
  it('names the chart and lists each point as game time played and win probability', () => {
    render(
      <WinProbabilityTimelineChart
        label="Win probability through the games"
        sideName="Team A"
        points={[
          { elapsed: 0, probability: 0.42, label: '1:00 PM' },
          { elapsed: 0.5, probability: 0.613, label: '2:35 PM' },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'Win probability through the games' })).toBeTruthy();
    expect(screen.getByRole('row', { name: '2:35 PM 50% 61%' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Team A win probability' })).toBeTruthy();
  });

  it('says so when nothing is recorded', () => {
    render(<WinProbabilityTimelineChart label="x" sideName="A" points={[]} emptyText="Nothing yet" />);
    expect(screen.getByText('Nothing yet')).toBeTruthy();
  });
});
