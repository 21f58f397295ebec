import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScoringReconciliation } from './ScoringReconciliation';

describe('System Health → our points against the platforms’', () => {
  it('shows how many players agree within 0.01 and the worst differences with their stats', () => {
    render(
      <ScoringReconciliation
        outcome={{
          season: 2025,
          week: 1,
          checked_at: '2025-09-09T08:00:00.000Z',
          leagues: 2,
          players_compared: 40,
          within_hundredth: 39,
          worst: [
            {
              platform: 'sleeper',
              league_id: '42',
              player_id: 'KC',
              name: 'Kansas City Chiefs',
              position: 'DEF',
              ours: 4,
              platform_points: 5.5,
              difference: -1.5,
              stats: { def_sack: 1, pts_allowed: 20 },
            },
          ],
        }}
      />,
    );
    const panel = screen.getByTestId('scoring-reconciliation');
    expect(panel.textContent).toContain(
      '39 of 40 players within 0.01 of the platform’s points (97.5%) in 2 leagues',
    );
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Kansas City Chiefs');
    expect(row.textContent).toContain('-1.50');
    expect(row.textContent).toContain('def_sack 1, pts_allowed 20');
  });

  it('says when no finished week was checked yet', () => {
    render(<ScoringReconciliation outcome={null} />);
    expect(screen.getByText('No finished week checked yet.')).toBeTruthy();
  });
});
