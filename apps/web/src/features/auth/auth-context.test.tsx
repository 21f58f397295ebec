import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_EVENT } from '../../lib/api-client';
import { IDLE_COUNTDOWN_MS, IDLE_WARNING_AFTER_MS } from './idle-timeout';
import { REMEMBER_ME_KEY } from './remember-me';
import { SESSION_CHECK_INTERVAL_MS } from './session-monitor';
import { onSessionReset } from './session-reset';
import { SESSION_EXPIRED_NOTICE_MS } from './SessionNotices';
import { fakeServer, sessionUser, SIGNED_OUT, type FakeAnswer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const signedIn = (): FakeAnswer => [200, { data: sessionUser() }];
const loggedOut = (): FakeAnswer => [200, { data: { message: 'You have been logged out.' } }];

describe('auth state', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows "Loading Application..." and leaves a visitor signed out quietly after a 401', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => [401, { code: 'TOKEN_REVOKED', message: 'Your session has ended.' }],
    });
    renderApp('/login');
    expect(screen.getByText('Loading Application...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByText('Session Expired')).toBeNull();
    expect(screen.queryByText('Your session has expired. Please log in again.')).toBeNull();
  });

  it('logs out on a sessionExpired event: notice for 10 s, flag on /login, state reset, back to /', async () => {
    const server = fakeServer({ 'GET /trpc/auth.me': signedIn, 'POST /trpc/auth.logout': loggedOut });
    sessionStorage.setItem(REMEMBER_ME_KEY, 'true');
    const resets: string[] = [];
    const unregister = onSessionReset(() => resets.push('simulation state cleared'));
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();

    act(() => {
      window.dispatchEvent(
        new CustomEvent(SESSION_EXPIRED_EVENT, {
          detail: { reason: 'TOKEN_REVOKED', message: 'Your session has ended.' },
        }),
      );
    });
    expect(await screen.findByText('Session Expired')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls.some((c) => c.method === 'POST' && c.procedure === 'auth.logout')).toBe(true);
    expect(resets).toEqual(['simulation state cleared']);
    expect(sessionStorage.getItem(REMEMBER_ME_KEY)).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toContain('Sign Up');

    await act(() => router.navigate('/login'));
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Your session has expired. Please log in again.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(SESSION_EXPIRED_NOTICE_MS));
    expect(screen.queryByText('Session Expired')).toBeNull();
    unregister();
  });

  it('tells a user whose account was disabled why they were signed out, in the notice and on /login', async () => {
    fakeServer({ 'GET /trpc/auth.me': signedIn, 'POST /trpc/auth.logout': loggedOut });
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    const disabled = 'This account has been disabled. Please contact support.';
    act(() => {
      window.dispatchEvent(
        new CustomEvent(SESSION_EXPIRED_EVENT, {
          detail: { reason: 'TOKEN_REVOKED', message: disabled, endedBecause: 'account-disabled' },
        }),
      );
    });
    const notice = (await screen.findByText('Session Expired')).closest('[role="alert"]') as HTMLElement;
    expect(notice.textContent).toContain(disabled);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await act(() => router.navigate('/login'));
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByText(`Your session has expired. Please log in again. ${disabled}`),
    ).toBeTruthy();
    expect(within(main).queryByText('Your session has expired. Please log in again.')).toBeNull();
  });

  it('lets the user close the Session Expired notice', async () => {
    fakeServer({ 'GET /trpc/auth.me': signedIn, 'POST /trpc/auth.logout': loggedOut });
    renderApp('/');
    await screen.findByRole('button', { name: 'Logout' });
    act(() => {
      window.dispatchEvent(
        new CustomEvent(SESSION_EXPIRED_EVENT, { detail: { reason: 'SESSION_EXPIRED', message: '' } }),
      );
    });
    const notice = (await screen.findByText('Session Expired')).closest('[role="alert"]') as HTMLElement;
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Session Expired')).toBeNull();
  });

  it('logs out without the expired notice when the reason is not an expiry', async () => {
    fakeServer({ 'GET /trpc/auth.me': signedIn, 'POST /trpc/auth.logout': () => [500, {}] });
    const { router } = renderApp('/settings');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Session Expired')).toBeNull();
  });

  it('checks the session every 10 minutes and logs out a disabled account', async () => {
    const answers: FakeAnswer[] = [
      signedIn(),
      signedIn(),
      [200, { data: sessionUser({ isDisabled: true }) }],
    ];
    const server = fakeServer({
      'GET /trpc/auth.me': (request) => answers.shift() ?? SIGNED_OUT(request),
      'POST /trpc/auth.logout': loggedOut,
    });
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    // The page's first check, then the monitor's.
    const checks = () =>
      server.calls.filter((c) => c.procedure === 'auth.session' || c.procedure === 'auth.me').length;
    expect(checks()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    expect(checks()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toContain('Sign Up'),
    );
  });

  it('warns after 25 idle minutes; Stay Logged In refreshes the user and keeps the session', async () => {
    const server = fakeServer({ 'GET /trpc/auth.me': signedIn, 'POST /trpc/auth.logout': loggedOut });
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    await act(() => vi.advanceTimersByTimeAsync(IDLE_WARNING_AFTER_MS));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog.textContent).toContain('5:00');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(dialog.textContent).toContain('3:59');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80');
    const before = server.calls.filter((c) => c.procedure === 'auth.me').length;
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Stay Logged In' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls.filter((c) => c.procedure === 'auth.me').length).toBe(before + 1);
    expect(server.calls.some((c) => c.procedure === 'auth.logout')).toBe(false);
  });

  it('logs out when Stay Logged In cannot refresh the user', async () => {
    const answers: FakeAnswer[] = [
      signedIn(),
      signedIn(),
      signedIn(),
      [503, { code: 'UNAVAILABLE', message: 'Down' }],
    ];
    const server = fakeServer({
      'GET /trpc/auth.me': () => answers.shift()!,
      'POST /trpc/auth.logout': loggedOut,
    });
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    await act(() => vi.advanceTimersByTimeAsync(IDLE_WARNING_AFTER_MS));
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(await screen.findByRole('button', { name: 'Stay Logged In' }));
    await waitFor(() => expect(server.calls.some((c) => c.procedure === 'auth.logout')).toBe(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('logs out with SESSION_TIMEOUT when the countdown reaches zero', async () => {
    const server = fakeServer({ 'GET /trpc/auth.me': signedIn, 'POST /trpc/auth.logout': loggedOut });
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    await act(() => vi.advanceTimersByTimeAsync(IDLE_WARNING_AFTER_MS + IDLE_COUNTDOWN_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls.some((c) => c.procedure === 'auth.logout')).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('Session Expired')).toBeNull();
  });

  it('treats activity as resetting the idle timer while no warning is shown', async () => {
    fakeServer({ 'GET /trpc/auth.me': signedIn, 'POST /trpc/auth.logout': loggedOut });
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    await act(() => vi.advanceTimersByTimeAsync(IDLE_WARNING_AFTER_MS - 1000));
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(IDLE_WARNING_AFTER_MS));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });
});
