import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_SUCCESS_MESSAGE } from './auth-context';
import { fakeServer, SIGNED_OUT, type FakeAnswer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('register page', () => {
  it('ticks the password checklist live', async () => {
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT });
    renderApp('/register');
    const user = userEvent.setup();
    const checklist = await screen.findByRole('list', { name: 'Password requirements' });
    const metRules = () =>
      within(checklist)
        .getAllByRole('listitem')
        .filter((item) => item.dataset.met === 'true')
        .map((item) => item.textContent!.replace(/\s*\((not )?met\)/, '').slice(1));
    expect(metRules()).toEqual([]);
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(metRules()).toEqual(['One lowercase letter']);
    await user.type(screen.getByLabelText('Password'), 'DEF1!ghijkl');
    expect(metRules()).toHaveLength(5);
  });

  it('refuses a password that breaks a rule without calling the server', async () => {
    const server = fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT });
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'fan@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(/meets every requirement/)).toBeTruthy();
    expect(server.calls.some((c) => c.procedure === 'auth.register')).toBe(false);
  });

  it('shows the check-your-email message and a resend option on success', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': SIGNED_OUT,
      'POST /trpc/auth.register': () => [200, { data: { message: REGISTRATION_SUCCESS_MESSAGE } }],
      'POST /trpc/auth.resendVerification': () => [200, { data: { message: 'Sent again.' } }],
    });
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'fan@example.com');
    await user.type(screen.getByLabelText('Password'), 'Touchdown!2024x');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(REGISTRATION_SUCCESS_MESSAGE)).toBeTruthy();
    expect(server.calls.find((c) => c.procedure === 'auth.register')!.body).toEqual({
      email: 'fan@example.com',
      password: 'Touchdown!2024x',
    });
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Sent again.')).toBeTruthy();
  });

  it("shows the server's error, or 'Failed to register.'", async () => {
    const answers: FakeAnswer[] = [
      [429, { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 5 minutes and try again.' }],
      [502, ''],
    ];
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT, 'POST /trpc/auth.register': () => answers.shift()! });
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'fan@example.com');
    await user.type(screen.getByLabelText('Password'), 'Touchdown!2024x');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Too many attempts. Please wait 5 minutes and try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Failed to register.')).toBeTruthy();
  });
});

describe('forgot password page', () => {
  it('has a required e-mail field and shows the answer', async () => {
    const answers: FakeAnswer[] = [
      [
        200,
        { data: { message: 'If an account exists for that email, we have sent a password reset link.' } },
      ],
      [500, { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' }],
    ];
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT, 'POST /trpc/auth.forgotPassword': () => answers.shift()! });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    await user.type(email, 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(/we have sent a password reset link/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeTruthy();
  });
});

describe('reset password page', () => {
  async function fill(password: string, confirmation: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    return user;
  }

  it('requires matching passwords that meet the rules', async () => {
    const server = fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT });
    renderApp('/reset-password?token=abc');
    await fill('Touchdown!2024x', 'Touchdown!2024y');
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeTruthy();
    expect(server.calls.some((c) => c.procedure === 'auth.resetPassword')).toBe(false);
  });

  it('sends the token and goes to /login with the message on success', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': SIGNED_OUT,
      'POST /trpc/auth.resetPassword': () => [200, { data: { message: 'Your password has been reset.' } }],
    });
    const { router } = renderApp('/reset-password?token=abc');
    await fill('Touchdown!2024x', 'Touchdown!2024x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();
    expect(server.calls.find((c) => c.procedure === 'auth.resetPassword')!.body).toEqual({
      token: 'abc',
      password: 'Touchdown!2024x',
    });
  });

  it("shows the server's message, or 'Failed to reset password.'", async () => {
    const answers: FakeAnswer[] = [
      [400, { code: 'INVALID_TOKEN', message: 'This password reset link is invalid or has expired.' }],
      [500, ''],
    ];
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT, 'POST /trpc/auth.resetPassword': () => answers.shift()! });
    renderApp('/reset-password?token=abc');
    const user = await fill('Touchdown!2024x', 'Touchdown!2024x');
    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Failed to reset password.')).toBeTruthy();
  });

  it('explains a link without a token', async () => {
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT });
    renderApp('/reset-password');
    expect(await screen.findByText(/invalid or has expired/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
  });
});
