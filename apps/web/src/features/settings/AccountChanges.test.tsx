import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, SIGNED_OUT } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const NEW_PASSWORD = 'FieldGoal$2025y';

describe('settings → account: change password and email', () => {
  it('changes the password with the current one and clears the form', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'POST /trpc/auth.changePassword': ({ body }) =>
        body?.currentPassword === 'Touchdown!2024x'
          ? [
              200,
              {
                data: {
                  message:
                    'Your password has been changed. Other devices signed in to your account have been signed out.',
                },
              },
            ]
          : [400, { code: 'INVALID_PASSWORD', message: 'Your current password is not correct.' }],
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const section = within(
      (await screen.findByRole('heading', { name: 'Change password' })).closest('section')!,
    );
    await user.type(section.getByLabelText('Current password'), 'Wrong$Password1');
    await user.type(section.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(section.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(section.getByRole('button', { name: 'Change Password' }));
    expect(await section.findByText('Your current password is not correct.')).toBeTruthy();

    await user.clear(section.getByLabelText('Current password'));
    await user.type(section.getByLabelText('Current password'), 'Touchdown!2024x');
    await user.click(section.getByRole('button', { name: 'Change Password' }));
    expect(
      await section.findByText(/Other devices signed in to your account have been signed out/),
    ).toBeTruthy();
    expect((section.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    const call = server.calls.filter((c) => c.procedure === 'auth.changePassword').at(-1)!;
    expect(call.body).toEqual({ currentPassword: 'Touchdown!2024x', newPassword: NEW_PASSWORD });
    expect(call.headers.get('X-CSRF-Token')).toBe('nonce.signature');
  });

  it('checks the new password and its confirmation before calling the server', async () => {
    const server = fakeServer({ 'GET /trpc/auth.me': () => [200, { data: sessionUser() }] });
    renderApp('/settings');
    const user = userEvent.setup();
    const section = within(
      (await screen.findByRole('heading', { name: 'Change password' })).closest('section')!,
    );
    await user.type(section.getByLabelText('Current password'), 'Touchdown!2024x');
    await user.type(section.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(section.getByLabelText('Confirm new password'), 'Different$2025y');
    await user.click(section.getByRole('button', { name: 'Change Password' }));
    expect(await section.findByText('Passwords do not match.')).toBeTruthy();
    expect(server.calls.some((c) => c.procedure === 'auth.changePassword')).toBe(false);
  });

  it('asks for an email change and says the address changes once the mailed link is followed', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'POST /trpc/user.requestEmailChange': ({ body }) => [
        200,
        { data: { message: `We sent a confirmation link to ${String(body?.newEmail)}.` } },
      ],
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const section = within(
      (await screen.findByRole('heading', { name: 'Change email' })).closest('section')!,
    );
    await user.type(section.getByLabelText('New email'), 'fan@example.com');
    await user.type(section.getByLabelText('Current password'), 'Touchdown!2024x');
    await user.click(section.getByRole('button', { name: 'Send Confirmation Link' }));
    expect(await section.findByText('That is already your email address.')).toBeTruthy();

    await user.clear(section.getByLabelText('New email'));
    await user.type(section.getByLabelText('New email'), 'new@example.com');
    await user.click(section.getByRole('button', { name: 'Send Confirmation Link' }));
    expect(await section.findByText('We sent a confirmation link to new@example.com.')).toBeTruthy();
    const call = server.calls.find((c) => c.procedure === 'user.requestEmailChange')!;
    expect(call.body).toEqual({ password: 'Touchdown!2024x', newEmail: 'new@example.com' });
    // The account still shows the old address until the link is followed.
    expect(screen.getByRole('tabpanel', { name: 'Account' }).textContent).toContain('fan@example.com');
  });

  it('/confirm-email follows the link once and shows the outcome', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': SIGNED_OUT,
      'POST /trpc/auth.confirmEmailChange': ({ body }) =>
        body?.token === 'good'
          ? [
              200,
              {
                data: {
                  message: 'Your email address has been changed. Use it the next time you log in.',
                  email: 'new@example.com',
                },
              },
            ]
          : [
              400,
              {
                code: 'INVALID_TOKEN',
                message:
                  'This email confirmation link is invalid or has expired. Please ask for a new one from Settings.',
              },
            ],
    });
    renderApp('/confirm-email?token=good');
    expect(await screen.findByText(/Your email address has been changed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Log In' })).toBeTruthy();
    await waitFor(() =>
      expect(server.calls.filter((c) => c.procedure === 'auth.confirmEmailChange')).toHaveLength(1),
    );
  });

  it('/confirm-email with a bad link says it is invalid', async () => {
    fakeServer({
      'GET /trpc/auth.me': SIGNED_OUT,
      'POST /trpc/auth.confirmEmailChange': () => [
        400,
        {
          code: 'INVALID_TOKEN',
          message:
            'This email confirmation link is invalid or has expired. Please ask for a new one from Settings.',
        },
      ],
    });
    renderApp('/confirm-email?token=used');
    expect(await screen.findByText(/link is invalid or has expired/)).toBeTruthy();
  });
});
