import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { claimLink } from './claim-link';
import { FreeAgentsTable } from './FreeAgentsTable';
import { lineupFromServer } from './lineup-from-server';
import { STEELERS, TONEY, testLeague, WARREN } from './ros-test-league';

const NAMES: Record<string, string> = { rb1: 'Breece Hall', rb2: 'Isiah Pacheco', wr2: 'Jalen Reed' };

function renderTable(freeAgents = [WARREN, TONEY, STEELERS]) {
  const details = testLeague();
  render(
    <FreeAgentsTable
      freeAgents={freeAgents}
      week={11}
      nameOf={(id) => NAMES[id] ?? id}
      lineupAfter={(player) => lineupFromServer(details, 1, player, details.league.roster_positions)}
      claimLinkOf={(player) => claimLink('sleeper', '111', player)}
    />,
  );
  return screen.getByRole('table', { name: 'Free agents, best pickup first' });
}

const rowOf = (name: string) => screen.getByRole('button', { name }).closest('tr')!;
// by hand: jsdom's selector engine misreads a "+" inside an attribute value ("ROS pts +")
const cell = (name: string, label: string) =>
  [...rowOf(name).querySelectorAll('[data-label]')].find((td) => td.getAttribute('data-label') === label)!
    .textContent;

describe('the free agents table', () => {
  it('lists the pickups best first with his projections, whom he starts over, whom he drops and the worth', () => {
    const table = renderTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => within(row).getByRole('rowheader').querySelector('button')?.textContent),
    ).toEqual(['Jaylen Warren', 'Kadarius Toney', 'Pittsburgh Steelers']);
    expect(cell('Jaylen Warren', 'ΔP(playoffs)')).toBe('+4.1%');
    expect(cell('Jaylen Warren', 'ΔP(win) wk 11')).toBe('+3.2%');
    expect(cell('Jaylen Warren', 'ROS pts +')).toBe('+14.3');
    expect(cell('Jaylen Warren', 'Proj wk 11')).toBe('12.4');
    expect(cell('Jaylen Warren', 'ROS proj')).toBe('47.5');
    expect(cell('Jaylen Warren', 'Team')).toBe('PIT · bye wk 9 ');
    // the starter he takes the place of and the bench player dropped for him are two different people
    expect(cell('Jaylen Warren', 'Starts over')).toBe('Isiah Pacheco');
    expect(cell('Jaylen Warren', 'Drops')).toBe('Jalen Reed');
    expect(within(rowOf('Jaylen Warren')).queryByTitle('Bye week')).toBeNull();

    expect(cell('Kadarius Toney', 'Starts over')).toBe('Would not start');
    expect(cell('Kadarius Toney', 'Drops')).toBe('Jalen Reed');
  });

  it('says when a player has no projection and leaves his pickup unpriced', async () => {
    renderTable();
    expect(cell('Pittsburgh Steelers', 'Proj wk 11')).toBe('No projection');
    expect(cell('Pittsburgh Steelers', 'Starts over')).toBe('No projection: not priced');
    for (const label of ['ΔP(playoffs)', 'ΔP(win) wk 11', 'ROS pts +', 'ROS proj', 'Drops']) {
      expect(cell('Pittsburgh Steelers', label), label).toBe('—');
    }
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pittsburgh Steelers' }));
    expect(screen.getByText(/has no projection this week, so his pickup is not priced/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Starters after the pickup' })).toBeNull();
  });

  it('names an open place when nobody is dropped, and an empty slot he would fill', () => {
    const openPlace = { ...WARREN, replaces_player_id: null, starts_over_player_id: null };
    renderTable([openPlace]);
    expect(cell('Jaylen Warren', 'Drops')).toBe('Nobody: an open place');
    expect(cell('Jaylen Warren', 'Starts over')).toBe('An empty slot');
  });

  it('flags an injured player and one whose team is on bye this week', () => {
    renderTable();
    const toney = within(rowOf('Kadarius Toney'));
    expect(toney.getByTitle('Questionable').textContent).toContain('Q');
    expect(toney.getByTitle('Bye week').textContent).toContain('BYE');
    expect(cell('Kadarius Toney', 'Team')).toMatch(/^KC · bye wk 11 /);
  });

  it('shows the server’s line-up after the pickup on one tap of a row, and hides it on the next', async () => {
    renderTable();
    const user = userEvent.setup();
    expect(screen.queryByRole('list', { name: 'Starters after the pickup' })).toBeNull();
    await user.click(within(rowOf('Jaylen Warren')).getByText('RB'));
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
    expect(screen.getByText(/^Sits this week:/).parentElement?.textContent).toBe(
      'Sits this week: Isiah Pacheco (RB)',
    );
    expect(screen.getByText(/^Dropped:/).parentElement?.textContent).toBe('Dropped: Jalen Reed (WR)');
    expect(screen.getByText(/^Bench:/).parentElement?.textContent).toBe('Bench: Isiah Pacheco');
    expect(screen.getByRole('button', { name: 'Jaylen Warren' }).getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Jaylen Warren' }));
    expect(screen.queryByRole('list', { name: 'Starters after the pickup' })).toBeNull();
  });

  it('links every row to the player on the league’s platform, without opening the row', async () => {
    renderTable();
    const link = screen.getByRole('link', { name: 'Claim Jaylen Warren on Sleeper' });
    expect(link.getAttribute('href')).toBe('https://sleeper.com/players/nfl/fa1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(
      screen.getByRole('link', { name: 'Claim Pittsburgh Steelers on Sleeper' }).getAttribute('href'),
    ).toBe('https://sleeper.com/players/nfl/PIT');
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
      screen.getByRole('heading', { name: 'Your line-up with Jaylen Warren, Jalen Reed dropped' }),
    ).toBeTruthy();
  });
});

describe('claim links', () => {
  const warren = { player_id: '8138', name: 'Jaylen Warren' };

  it('opens the player’s Sleeper page, and the Yahoo and ESPN league’s add-player pages', () => {
    expect(claimLink('sleeper', '111', warren)).toEqual({
      href: 'https://sleeper.com/players/nfl/8138',
      label: 'Claim Jaylen Warren on Sleeper',
    });
    // Yahoo's league key names the league number its pages use; the list carries no Yahoo player id: his name
    expect(claimLink('yahoo', '449.l.12345', warren).href).toBe(
      'https://football.fantasysports.yahoo.com/f1/12345/players?search=Jaylen%20Warren',
    );
    expect(claimLink('espn', '1804892', warren)).toEqual({
      href: 'https://fantasy.espn.com/football/players/add?leagueId=1804892',
      label: 'Claim Jaylen Warren on ESPN',
    });
  });
});
