import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_EVENT } from './api-client';
import { appErrorCode, appErrorMessage, isNetworkFailure } from './app-error';
import { trpcClient } from './trpc-client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const trpcFailure = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { message, code: -32603, data: { code, httpStatus: status, appCode: code, ...extra } },
});

describe('the typed client', () => {
  const fetchMock = vi.fn();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    document.cookie = 'csrf-token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends writes with the X-CSRF-Token header and credentials, like the REST client', async () => {
    document.cookie = 'csrf-token=abc.def; path=/';
    fetchMock.mockResolvedValue(jsonResponse(200, { result: { data: { data: { message: 'Bye' } } } }));
    await trpcClient.auth.logout.mutate();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/trpc/auth.logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('X-CSRF-Token')).toBe('abc.def');
    expect(init.credentials).toBe('include');
  });

  it("gives the server's code and message of a failure", async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, trpcFailure(429, 'RATE_LIMITED', 'Too many attempts.')));
    const error = await trpcClient.auth.me.query().catch((e: unknown) => e);
    expect(appErrorCode(error)).toBe('RATE_LIMITED');
    expect(appErrorMessage(error, 'fallback')).toBe('Too many attempts.');
  });

  it('reads a refusal sent before tRPC (the CSRF check) as the same code and message', async () => {
    // every call refused, the token's own read included: a fresh answer each time
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(403, { code: 'CSRF_INVALID', message: 'Reload the page.' })),
    );
    const error = await trpcClient.auth.logout.mutate().catch((e: unknown) => e);
    expect(appErrorCode(error)).toBe('CSRF_INVALID');
    expect(appErrorMessage(error, 'fallback')).toBe('Reload the page.');
    // the refused write asked for a new token once; that read's own refusal asked for nothing more
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/trpc/auth.logout',
      '/api/auth/csrf-token',
    ]);
  });

  it('raises the session-expired signal, with why the session ended, from a tRPC answer', async () => {
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    window.addEventListener(SESSION_EXPIRED_EVENT, listener);
    fetchMock.mockResolvedValue(
      jsonResponse(
        401,
        trpcFailure(401, 'TOKEN_REVOKED', 'Your account was disabled.', { reason: 'account-disabled' }),
      ),
    );
    await trpcClient.auth.me.query().catch(() => {});
    window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
    expect(heard).toEqual([
      { reason: 'TOKEN_REVOKED', message: 'Your account was disabled.', endedBecause: 'account-disabled' },
    ]);
  });

  it('tells a call that got no answer apart, and gives it the fallback message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await trpcClient.auth.me.query().catch((e: unknown) => e);
    expect(isNetworkFailure(error)).toBe(true);
    expect(appErrorCode(error)).toBeUndefined();
    expect(appErrorMessage(error, 'fallback')).toBe('fallback');
  });
});
