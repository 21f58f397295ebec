import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMEMBER_ME_KEY } from './remember-me';
import { fakeServer, sessionUser, SIGNED_OUT, type FakeAnswer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const NOT_VERIFIED: FakeAnswer = [
  403,
  { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email address before logging in.' },
];

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  const emailInput = await screen.findByLabelText('Email');
  if (email) await user.type(emailInput, email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('login page', () => {
  it('shows banners from verified, error and message query params', async () => {
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT });
    renderApp('/login?verified=true&error=invalid-verification-link&message=email-change-cancelled');
    expect(await screen.findByText('Your email has been verified! You can now log in.')).toBeTruthy();
    expect(screen.getByText(/verification link is invalid or has expired/)).toBeTruthy();
    expect(screen.getByText(/email change was cancelled/)).toBeTruthy();
  });

  it('never shows text from the URL: only the codes it knows', async () => {
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT });
    const spoof = encodeURIComponent('Our site moved: log in at evil.example instead');
    renderApp(`/login?error=${spoof}&message=${spoof}&verified=false`);
    await screen.findByRole('button', { name: 'Log In' });
    expect(document.body.textContent).not.toContain('evil.example');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.banner')).toBeNull();
  });

  it('shows a message passed through navigation', async () => {
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT });
    renderApp({ pathname: '/login', state: { message: 'Your password has been reset.' } });
    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();
  });

  it('checks the fields before calling the server', async () => {
    const server = fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT });
    renderApp('/login');
    const user = await fillIn('', 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Email and password are required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Please provide a valid email address')).toBeTruthy();
    expect(server.calls.some((c) => c.procedure === 'auth.login')).toBe(false);
  });

  it('toggles the password visibility', async () => {
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT });
    renderApp('/login');
    const user = await fillIn('', 'secret');
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('disables the form while logging in, then sends a user without leagues to /link-leagues', async () => {
    let answer: (value: FakeAnswer) => void = () => {};
    const server = fakeServer({
      'GET /trpc/auth.me': SIGNED_OUT,
      'POST /trpc/auth.login': () => new Promise<FakeAnswer>((resolve) => (answer = resolve)),
    });
    const { router } = renderApp('/login');
    const user = await fillIn('fan@example.com', 'Touchdown!2024x');
    await user.click(screen.getByLabelText('Remember me for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('Email').matches(':disabled')).toBe(true);
    const login = server.calls.find((c) => c.procedure === 'auth.login')!;
    expect(login.body).toEqual({ email: 'fan@example.com', password: 'Touchdown!2024x', rememberMe: true });
    expect(login.headers.get('X-CSRF-Token')).toBe('nonce.signature');
    answer([200, { user: sessionUser({ hasLinkedLeagues: false }) }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/link-leagues'));
    expect(sessionStorage.getItem(REMEMBER_ME_KEY)).toBe('true');
  });

  it('sends a user with linked leagues to /', async () => {
    fakeServer({
      'GET /trpc/auth.me': SIGNED_OUT,
      'POST /trpc/auth.login': () => [200, { user: sessionUser() }],
    });
    const { router } = renderApp('/login');
    const user = await fillIn('fan@example.com', 'Touchdown!2024x');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem(REMEMBER_ME_KEY)).toBeNull();
  });

  it("shows the server's message, or the fallback when there is none", async () => {
    const answers: FakeAnswer[] = [
      [401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' }],
      [500, {}],
    ];
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT, 'POST /trpc/auth.login': () => answers.shift()! });
    renderApp('/login');
    const user = await fillIn('fan@example.com', 'Wrong$Password1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Failed to log in. Please check your credentials.')).toBeTruthy();
  });

  it('offers to resend the verification mail when the account is not verified', async () => {
    const resends: FakeAnswer[] = [
      [200, { data: { message: 'We have sent a new verification link.' } }],
      [500, { code: 'INTERNAL_ERROR', message: 'Something went wrong' }],
    ];
    const server = fakeServer({
      'GET /trpc/auth.me': SIGNED_OUT,
      'POST /trpc/auth.login': () => NOT_VERIFIED,
      'POST /trpc/auth.resendVerification': () => resends.shift()!,
    });
    renderApp('/login');
    const user = await fillIn('fan@example.com', 'Touchdown!2024x');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const resend = await screen.findByRole('button', { name: 'Resend verification email' });
    await user.click(resend);
    expect(await screen.findByText('We have sent a new verification link.')).toBeTruthy();
    expect(server.calls.find((c) => c.procedure === 'auth.resendVerification')!.body).toEqual({
      email: 'fan@example.com',
    });
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Failed to resend verification email. Please try again.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Please enter your email address first.')).toBeTruthy();
  });

  it('sends a signed-in user to /', async () => {
    fakeServer({ 'GET /trpc/auth.me': () => [200, { data: sessionUser({ hasLinkedLeagues: false }) }] });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('after too many attempts, shows the wait and offers the reset link that works at once', async () => {
    const message =
      'Too many sign-in attempts. Please wait a minute and try again, or use "Forgot Password?" to get a link that lets you sign in now.';
    fakeServer({
      'GET /trpc/auth.me': SIGNED_OUT,
      'POST /trpc/auth.login': () => [429, { code: 'RATE_LIMITED', message }],
    });
    const { router } = renderApp('/login');
    const user = await fillIn('fan@example.com', 'Touchdown!2024x');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Get a sign-in link by email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});
