import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FreeAgentsTable } from './FreeAgentsTable';
import { lineupAfterPickup } from './lineup-after-pickup';
import { TONEY, testLeague, WARREN } from './ros-test-league';

const NAMES: Record<string, string> = { rb2: 'Isiah Pacheco', wr2: 'Jalen Reed' };

function renderTable() {
  const details = testLeague();
  render(
    <FreeAgentsTable
      freeAgents={[WARREN, TONEY]}
      week={11}
      nameOf={(id) => NAMES[id] ?? id}
      lineupAfter={(player) => lineupAfterPickup(details, 1, player, details.league.roster_positions)}
    />,
  );
  return screen.getByRole('table', { name: 'Free agents, best pickup first' });
}

const rowOf = (name: string) => screen.getByRole('button', { name }).closest('tr')!;

describe('the free agents table', () => {
  it('lists the pickups best first with whom each replaces and what it is worth', () => {
    const table = renderTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Jaylen Warren',
      'Kadarius Toney',
    ]);
    const warren = within(rowOf('Jaylen Warren'));
    expect(warren.getByText('Isiah Pacheco')).toBeTruthy();
    expect(warren.getByText('+3.2%')).toBeTruthy();
    expect(warren.getByText('+14.3')).toBeTruthy();
    expect(warren.getByText('+4.1%')).toBeTruthy();
    expect(warren.getByLabelText('no flags')).toBeTruthy();
  });

  it('flags an injured player and one whose team is on bye this week', () => {
    renderTable();
    const toney = within(rowOf('Kadarius Toney'));
    expect(toney.getByTitle('Questionable').textContent).toContain('Q');
    expect(toney.getByTitle('Bye week').textContent).toContain('BYE');
    expect(toney.getByText('Jalen Reed')).toBeTruthy();
  });

  it('shows the line-up after the pickup on one tap of a row, and hides it on the next', async () => {
    renderTable();
    const user = userEvent.setup();
    expect(screen.queryByRole('list', { name: 'Starters after the pickup' })).toBeNull();
    await user.click(within(rowOf('Jaylen Warren')).getByText('PIT'));
    const starters = screen.getByRole('list', { name: 'Starters after the pickup' });
    expect(
      within(starters)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'QBJosh Allen QB · BUF',
      'RBBreece Hall RB · NYJ',
      'WRCeeDee Lamb WR · DAL',
      'FLEXJaylen Warren RB · PIT New',
    ]);
    expect(screen.getByText(/^Dropped:/).parentElement?.textContent).toBe('Dropped: Isiah Pacheco (RB)');
    expect(screen.getByRole('button', { name: 'Jaylen Warren' }).getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Jaylen Warren' }));
    expect(screen.queryByRole('list', { name: 'Starters after the pickup' })).toBeNull();
  });

  it('opens a row from the keyboard', async () => {
    renderTable();
    const user = userEvent.setup();
    // the table's scrolling box first (its columns reached with the arrow keys), then the first player
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Free agents' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Jaylen Warren' }));
    await user.keyboard('{Enter}');
    expect(
      screen.getByRole('heading', { name: /Your line-up with Jaylen Warren in place of Isiah Pacheco/ }),
    ).toBeTruthy();
  });
});
