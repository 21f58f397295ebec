import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, trpcData } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { IPHONE_PUSH_NOTE } from './NotificationsTab';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const ALL_OFF = { push: false, email: false };

const restore: (() => void)[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  while (restore.length > 0) restore.pop()!();
});

/** Sets a property of `navigator` or `window` for one test. */
function stubProperty(target: object, name: string, value: unknown): void {
  const own = Object.getOwnPropertyDescriptor(target, name);
  Object.defineProperty(target, name, { value, configurable: true, writable: true });
  restore.push(() => {
    if (own) Object.defineProperty(target, name, own);
    else delete (target as Record<string, unknown>)[name];
  });
}

/**
 * A browser: its user agent, whether it was opened from the home screen, and whether it has Web Push (Safari on
 * an iPhone has it only in a home-screen app). Answers the permission prompt's spy.
 */
function browser({
  userAgent,
  isStandalone,
  hasPush,
}: {
  userAgent: string;
  isStandalone: boolean;
  hasPush: boolean;
}) {
  stubProperty(navigator, 'userAgent', userAgent);
  stubProperty(navigator, 'standalone', isStandalone);
  stubProperty(window, 'matchMedia', (query: string) => ({
    matches: isStandalone && query.includes('standalone'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }));
  const requestPermission = vi.fn(async () => 'denied' as NotificationPermission);
  if (hasPush) {
    stubProperty(navigator, 'serviceWorker', { getRegistration: async () => undefined });
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  }
  return requestPermission;
}

async function openNotificationsTab() {
  fakeServer({
    'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
    'GET /trpc/notifications.settings': () =>
      trpcData({
        kinds: { starter_out: ALL_OFF, final_result: ALL_OFF, weekly_digest: ALL_OFF, close_game: ALL_OFF },
        quiet_hours: null,
        time_zone: 'UTC',
        muted_leagues: [],
      }),
  });
  renderApp('/settings?tab=notifications');
  return screen.findByRole('heading', { name: 'This browser' });
}

describe('settings → notifications, by browser', () => {
  it('tells an iPhone in Safari that notifications need the home-screen app', async () => {
    browser({ userAgent: IPHONE_SAFARI, isStandalone: false, hasPush: false });
    await openNotificationsTab();
    expect(screen.getByText(IPHONE_PUSH_NOTE)).toBeTruthy();
    // not "cannot": the same phone can, once opened from the home screen
    expect(screen.queryByText(/cannot show notifications/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('offers the switch in the home-screen app on an iPhone, without the note', async () => {
    browser({ userAgent: IPHONE_SAFARI, isStandalone: true, hasPush: true });
    await openNotificationsTab();
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeTruthy();
    expect(screen.queryByText(IPHONE_PUSH_NOTE)).toBeNull();
  });

  it('asks the browser for permission only when the person taps "Turn on notifications"', async () => {
    const requestPermission = browser({ userAgent: DESKTOP_CHROME, isStandalone: false, hasPush: true });
    await openNotificationsTab();
    const button = await screen.findByRole('button', { name: 'Turn on notifications' });
    expect(screen.queryByText(IPHONE_PUSH_NOTE)).toBeNull();
    // the page is open and nothing was asked
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.setup().click(button);
    await waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
  });
});
