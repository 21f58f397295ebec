import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, buildUrl, getCsrfToken, NetworkError, SESSION_EXPIRED_EVENT } from './api-client';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('api client', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('omits empty query values and prefixes /api', () => {
    expect(buildUrl('/projections/all', { week: 3, team: undefined, page: 1, q: '' })).toBe(
      '/api/projections/all?week=3&page=1',
    );
  });

  it('sends the csrf-token cookie as X-CSRF-Token on writes, with credentials', async () => {
    document.cookie = 'csrf-token=abc.def; path=/';
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await api.post('/auth/logout');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(new Headers(init.headers).get('X-CSRF-Token')).toBe('abc.def');
    expect(init.credentials).toBe('include');
  });

  it('warns but still sends a write when no token is available', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.post('/auth/logout');
    expect(warn).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('remembers the token from the x-csrf-token response header', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { csrfToken: 'h.tok' }, { 'x-csrf-token': 'h.tok' }));
    await api.get('/auth/csrf-token');
    expect(getCsrfToken()).toBe('h.tok');
  });

  it('turns an error body into ApiError with code and message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 'VALIDATION_ERROR', message: 'email: Invalid email' }),
    );
    const error = await api.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'email: Invalid email' });
  });

  it('clears the token on 401 and raises sessionExpired for a revoked session', async () => {
    document.cookie = 'csrf-token=abc.def; path=/';
    const listener = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, listener);
    fetchMock.mockResolvedValue(
      jsonResponse(401, { code: 'TOKEN_REVOKED', message: 'Your session was ended.' }),
    );
    await expect(api.get('/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(getCsrfToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0]![0] as CustomEvent).detail).toEqual({
      reason: 'TOKEN_REVOKED',
      message: 'Your session was ended.',
    });
    window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
  });

  it('does not raise sessionExpired for a plain 401', async () => {
    const listener = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, listener);
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Please log in.' }));
    await expect(api.get('/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(listener).not.toHaveBeenCalled();
    window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
  });

  it('keeps the token after a refusal that does not end the session (a private ESPN league, a wrong password)', async () => {
    document.cookie = 'csrf-token=abc.def; path=/';
    fetchMock.mockResolvedValueOnce(
      jsonResponse(403, { code: 'ESPN_LEAGUE_PRIVATE', message: 'This ESPN league is private.' }),
    );
    await expect(api.post('/leagues/espn/connect', { leagueId: '1' })).rejects.toMatchObject({ status: 403 });
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' }),
    );
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ status: 401 });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    await api.post('/leagues/espn/connect', { leagueId: '2' });
    expect(new Headers(fetchMock.mock.calls[2]![1].headers).get('X-CSRF-Token')).toBe('abc.def');
  });

  it('replaces a token the server refused with a fresh one for the next write', async () => {
    document.cookie = 'csrf-token=old.token; path=/';
    fetchMock
      .mockResolvedValueOnce(jsonResponse(403, { code: 'CSRF_INVALID', message: 'Please reload.' }))
      .mockResolvedValueOnce(jsonResponse(200, { csrfToken: 'new.token' }, { 'x-csrf-token': 'new.token' }))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    await expect(api.post('/simulate', {})).rejects.toMatchObject({ code: 'CSRF_INVALID' });
    await api.post('/simulate', {});
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/csrf-token');
    expect(new Headers(fetchMock.mock.calls[2]![1].headers).get('X-CSRF-Token')).toBe('new.token');
  });

  it('reports a request that never got an answer as NetworkError', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/health')).rejects.toBeInstanceOf(NetworkError);
    warn.mockRestore();
  });
});
