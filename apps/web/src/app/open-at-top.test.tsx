import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { renderApp } from '../test/render-app';

afterEach(() => vi.unstubAllGlobals());

/** The first render waits for the lazily loaded page chunk. */
const PAGE_LOAD = { timeout: 5_000 };

describe('a page reached in the app', () => {
  it('opens at its top with focus on its heading; the first page and back are left to the browser', async () => {
    fakeServer({});
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Log In' }, PAGE_LOAD);
    // the page a visitor lands on keeps focus where the browser puts it
    expect(document.activeElement).toBe(document.body);

    const scroller = document.scrollingElement ?? document.documentElement;
    scroller.scrollTop = 400;
    await user.click(screen.getByRole('link', { name: 'Forgot Password?' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Forgot Password' }, PAGE_LOAD);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scroller.scrollTop).toBe(0);

    await user.click(screen.getByRole('link', { name: 'Back to Log In' }));
    const login = await screen.findByRole('heading', { level: 1, name: 'Log In' });
    await waitFor(() => expect(document.activeElement).toBe(login));

    await router.navigate(-1);
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { level: 1 }));
  });
});
