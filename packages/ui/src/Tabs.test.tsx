import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './Tabs.js';

const tabs = [
  { id: 'account', label: 'Account', panel: <p>Account panel</p> },
  { id: 'accessibility', label: 'Accessibility', panel: <p>Accessibility panel</p> },
  { id: 'leagues', label: 'League Connections', panel: <p>Leagues panel</p> },
];

const selectedName = () =>
  screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

afterEach(cleanup);

describe('Tabs', () => {
  it('shows the first tab, with one tab stop and a labelled panel', () => {
    render(<Tabs tabs={tabs} label="Settings" />);
    expect(screen.getByRole('tablist', { name: 'Settings' })).toBeTruthy();
    expect(selectedName()).toBe('Account');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Account' }).textContent).toBe('Account panel');
  });

  it('moves with the arrow keys (wrapping) and jumps with Home and End', () => {
    render(<Tabs tabs={tabs} label="Settings" />);
    const first = screen.getByRole('tab', { name: 'Account' });
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(selectedName()).toBe('Accessibility');
    expect(document.activeElement?.textContent).toBe('Accessibility');
    expect(screen.getByRole('tabpanel').textContent).toBe('Accessibility panel');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(selectedName()).toBe('League Connections');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(selectedName()).toBe('Account');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(selectedName()).toBe('League Connections');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(selectedName()).toBe('Account');
  });

  it('selects on click', () => {
    render(<Tabs tabs={tabs} label="Settings" />);
    fireEvent.click(screen.getByRole('tab', { name: 'League Connections' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Leagues panel');
  });
});
