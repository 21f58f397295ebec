import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionUser, SIGNED_OUT, type FakeAnswer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('settings → account', () => {
  it('shows the e-mail and role in the Account tab of an arrow-key tab list', async () => {
    fakeServer({ 'GET /trpc/auth.me': () => [200, { data: sessionUser({ role: 'admin' }) }] });
    renderApp('/settings');
    const tab = await screen.findByRole('tab', { name: 'Account' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Account' });
    expect(panel.textContent).toContain('fan@example.com');
    expect(panel.textContent).toContain('admin');
    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeTruthy();
  });

  it('deletes the account only after confirmation, then signs out to /', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'POST /trpc/user.deleteMe': () => [200, { data: { message: 'Your account has been deleted.' } }],
      'POST /trpc/auth.logout': () => [200, { data: { message: 'Logged out.' } }],
    });
    const { router } = renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete My Account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain('fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((c) => c.procedure === 'user.deleteMe')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    // The password is asked for again: without it, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Yes, Delete My Account' }));
    expect(await screen.findByText('Please enter your current password.')).toBeTruthy();
    expect(server.calls.some((c) => c.procedure === 'user.deleteMe')).toBe(false);
    await user.type(screen.getByLabelText('Your password'), 'Touchdown!2024x');
    await user.click(screen.getByRole('button', { name: 'Yes, Delete My Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const deletion = server.calls.find((c) => c.procedure === 'user.deleteMe')!;
    expect(deletion.method).toBe('POST');
    expect(deletion.body).toEqual({ password: 'Touchdown!2024x' });
    expect(deletion.headers.get('X-CSRF-Token')).toBe('nonce.signature');
    expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toContain('Sign Up');
  });

  it("closes the dialog and says 'Failed to delete account. Please try again.' on failure", async () => {
    const failure: FakeAnswer = [500, { code: 'INTERNAL_ERROR', message: 'Something went wrong' }];
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'POST /trpc/user.deleteMe': () => failure,
    });
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete My Account' }));
    await user.type(screen.getByLabelText('Your password'), 'Touchdown!2024x');
    await user.click(screen.getByRole('button', { name: 'Yes, Delete My Account' }));
    expect(await screen.findByText('Failed to delete account. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the dialog open and says so when the password is wrong', async () => {
    fakeServer({
      'GET /trpc/auth.me': () => [200, { data: sessionUser() }],
      'POST /trpc/user.deleteMe': () => [
        400,
        { code: 'INVALID_PASSWORD', message: 'Your current password is not correct.' },
      ],
    });
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete My Account' }));
    await user.type(screen.getByLabelText('Your password'), 'Wrong$Guess1xx');
    await user.click(screen.getByRole('button', { name: 'Yes, Delete My Account' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeTruthy();
    expect(screen.getByRole('alertdialog', { name: 'Delete your account?' })).toBeTruthy();
  });

  it('is for signed-in users only', async () => {
    fakeServer({ 'GET /trpc/auth.me': SIGNED_OUT });
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
