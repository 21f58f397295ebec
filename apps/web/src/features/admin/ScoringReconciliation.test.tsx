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
          skipped: [],
        }}
        run={null}
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
    render(<ScoringReconciliation outcome={null} run={null} />);
    expect(screen.getByText('No finished week checked yet.')).toBeTruthy();
  });

  it('says there is nothing to compare yet instead of 0 %, names the leagues not compared, and shows a run’s progress', () => {
    render(
      <ScoringReconciliation
        outcome={{
          season: 2025,
          week: 3,
          checked_at: '2025-09-23T08:00:00.000Z',
          leagues: 0,
          players_compared: 0,
          within_hundredth: 0,
          worst: [],
          skipped: [{ platform: 'espn', league_id: '77', reason: 'ESPN is not answering right now.' }],
        }}
        run={{
          state: 'running',
          season: 2025,
          week: 3,
          trigger: 'admin',
          started_at: '2025-09-23T09:00:00.000Z',
          finished_at: null,
          leagues_total: 4,
          leagues_read: 1,
          error: null,
        }}
      />,
    );
    const panel = screen.getByTestId('scoring-reconciliation');
    expect(panel.textContent).toContain('2025 week 3: nothing to compare yet.');
    expect(panel.textContent).not.toContain('0.0%');
    expect(screen.getByRole('listitem').textContent).toBe('espn 77: ESPN is not answering right now.');
    expect(screen.getByRole('status').textContent).toContain('Checking 2025 week 3: 1 of 4 leagues read');
  });
});
