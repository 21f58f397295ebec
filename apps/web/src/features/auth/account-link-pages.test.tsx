import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, SIGNED_OUT } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('pages opened from mailed links that change an account', () => {
  it('"this wasn\'t me" says what will happen and acts only when the button is pressed, with the CSRF token', async () => {
    const server = fakeServer({
      'GET /trpc/auth.me': SIGNED_OUT,
      'POST /trpc/auth.undoEmailChange': () => [
        200,
        { data: { message: 'Your account is back.', choosePasswordToken: 'choose-1' } },
      ],
    });
    renderApp('/undo-email-change?token=undo-1');
    expect(await screen.findByRole('heading', { name: 'Take Back Your Account' })).toBeTruthy();
    expect(screen.getByText(/every device signed in to it is signed out/)).toBeTruthy();
    expect(server.calls.some((call) => call.procedure === 'auth.undoEmailChange')).toBe(false);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Move My Account Back' }));
    expect(await screen.findByRole('heading', { name: 'Choose a New Password' })).toBeTruthy();
    const undo = server.calls.find((call) => call.procedure === 'auth.undoEmailChange')!;
    expect(undo.method).toBe('POST');
    expect(undo.body).toEqual({ token: 'undo-1' });
    expect(undo.headers.get('x-csrf-token')).toBe('nonce.signature');
  });

  it("cancelling a pending change shows the server's refusal of a used link", async () => {
    fakeServer({
      'GET /trpc/auth.me': SIGNED_OUT,
      'POST /trpc/auth.cancelEmailChange': () => [
        400,
        { code: 'INVALID_TOKEN', message: 'This link is invalid, has expired or was used already.' },
      ],
    });
    renderApp('/cancel-email-change?token=used-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel the Change' }));
    expect(await screen.findByText('This link is invalid, has expired or was used already.')).toBeTruthy();
  });
});
