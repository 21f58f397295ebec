import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MotionProvider } from '../preferences/MotionProvider';
import SettingsPage from './SettingsPage';

afterEach(() => document.documentElement.classList.remove('reduce-motion'));

describe('Settings → Accessibility', () => {
  it('is the second tab and holds the Reduce Motion switch', async () => {
    const router = createMemoryRouter([{ path: '/settings', element: <SettingsPage /> }], {
      initialEntries: ['/settings?tab=accessibility'],
    });
    render(
      <MotionProvider>
        <RouterProvider router={router} />
      </MotionProvider>,
    );
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(0, 2)).toEqual(['Account', 'Accessibility']);
    expect(screen.getByRole('tab', { name: 'Accessibility' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.click(screen.getByRole('switch', { name: 'Reduce Motion' }));
    expect(document.documentElement.classList.contains('reduce-motion')).toBe(true);
  });
});
