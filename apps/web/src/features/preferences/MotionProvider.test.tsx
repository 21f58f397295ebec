import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccessibilityPanel } from './AccessibilityPanel';
import { MotionProvider, REDUCED_MOTION_QUERY } from './MotionProvider';
import { defaultPreferences, PREFERENCES_STORAGE_KEY } from './preferences-defaults';

/** A browser's media query list whose answer the test can flip, as the OS setting would. */
function installMatchMedia(initiallyReduced: boolean) {
  let matches = initiallyReduced;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === REDUCED_MOTION_QUERY && matches;
      },
      media: query,
      addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return (next: boolean) => {
    matches = next;
    for (const listener of listeners)
      listener({ matches: next, media: REDUCED_MOTION_QUERY } as MediaQueryListEvent);
  };
}

const stored = () => JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null');
const htmlReduced = () => document.documentElement.classList.contains('reduce-motion');

function renderPanel() {
  return render(
    <MotionProvider>
      <AccessibilityPanel />
    </MotionProvider>,
  );
}

beforeEach(() => {
  // A device check made a moment ago: no probe runs during these tests.
  const preferences = defaultPreferences();
  preferences.motionPreferences.lastOptimizationCheck = Date.now();
  localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
});
afterEach(() => document.documentElement.classList.remove('reduce-motion'));

describe('Settings → Accessibility with the motion provider', () => {
  it('turns reduced motion on and off from the Reduce Motion switch and saves it at once', async () => {
    installMatchMedia(false);
    renderPanel();
    const toggle = screen.getByRole('switch', { name: 'Reduce Motion' });
    expect(toggle).toHaveProperty('checked', false);
    expect(htmlReduced()).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Animations are on.');

    await userEvent.click(toggle);
    expect(htmlReduced()).toBe(true);
    expect(stored().motionPreferences).toMatchObject({ reducedMotion: true, userOverride: true });
    expect(screen.getByRole('status').textContent).toContain('because you switched it on');

    await userEvent.click(toggle);
    expect(htmlReduced()).toBe(false);
    expect(stored().motionPreferences.reducedMotion).toBe(false);
  });

  it('follows the browser preference live without changing the saved setting', async () => {
    const setBrowserPreference = installMatchMedia(true);
    renderPanel();
    expect(htmlReduced()).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('your browser or operating system');
    expect(screen.getByRole('switch', { name: 'Reduce Motion' })).toHaveProperty('checked', false);

    act(() => setBrowserPreference(false));
    expect(htmlReduced()).toBe(false);
    act(() => setBrowserPreference(true));
    expect(htmlReduced()).toBe(true);
    expect(stored().motionPreferences.reducedMotion).toBe(false);
  });

  it('starts from the saved setting and resets to the defaults', async () => {
    installMatchMedia(false);
    const preferences = stored();
    preferences.motionPreferences = {
      ...preferences.motionPreferences,
      reducedMotion: true,
      autoOptimize: false,
      userOverride: true,
    };
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
    renderPanel();
    expect(htmlReduced()).toBe(true);
    expect(
      screen.getByRole('switch', { name: 'Reduce motion automatically on slow devices' }),
    ).toHaveProperty('checked', false);

    await userEvent.click(screen.getByRole('button', { name: 'Reset motion settings to defaults' }));
    expect(htmlReduced()).toBe(false);
    expect(stored().motionPreferences).toMatchObject({
      reducedMotion: false,
      autoOptimize: true,
      userOverride: false,
    });
  });

  it('imports a preferences file, refusing a bad one with a message that says why', async () => {
    installMatchMedia(false);
    renderPanel();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const bad = {
      ...defaultPreferences(),
      motionPreferences: { reducedMotion: 'yes', autoOptimize: true, userOverride: false },
    };
    await userEvent.upload(input, new File([JSON.stringify(bad)], 'bad.json', { type: 'application/json' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid motion preferences in import file');
    expect(htmlReduced()).toBe(false);

    const good = defaultPreferences();
    good.motionPreferences.reducedMotion = true;
    good.favoriteTeams = ['DET'];
    await userEvent.upload(
      input,
      new File([JSON.stringify(good)], 'good.json', { type: 'application/json' }),
    );
    await screen.findByText('Preferences imported from good.json.');
    await waitFor(() => expect(htmlReduced()).toBe(true));
    expect(screen.getByRole('switch', { name: 'Reduce Motion' })).toHaveProperty('checked', true);
    expect(stored().favoriteTeams).toEqual(['DET']);
  });
});
