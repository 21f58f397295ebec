import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_YAHOO_CODE,
  FAKE_YAHOO_TOKENS,
  type FakeYahoo,
  startFakeYahoo,
} from '../../../test/fakes/yahoo-server.js';
import { TOKEN_REFRESH_MARGIN_MS, YahooOAuth, type YahooTokenSet } from './oauth.js';

const CLIENT = { clientId: 'fm-client', clientSecret: 'fm-secret' };
const REDIRECT_URI = 'http://localhost:3000/api/leagues/yahoo/callback';
const NOW = Date.parse('2025-09-07T17:00:00Z');

describe('Yahoo OAuth against the fake Yahoo login service', () => {
  let yahoo: FakeYahoo;
  let oauth: YahooOAuth;

  beforeAll(async () => {
    yahoo = await startFakeYahoo(CLIENT);
  });
  afterAll(() => yahoo.close());
  beforeEach(() => {
    yahoo.reset();
    oauth = new YahooOAuth(
      { ...CLIENT, authUrl: yahoo.url, redirectUri: REDIRECT_URI },
      { sleep: async () => {} },
      () => NOW,
    );
  });

  it('says "not configured" (503) without a client id', () => {
    const unconfigured = new YahooOAuth({
      clientId: undefined,
      clientSecret: 'x',
      authUrl: yahoo.url,
      redirectUri: REDIRECT_URI,
    });
    expect(unconfigured.isConfigured).toBe(false);
    expect(() => unconfigured.buildAuthorizeUrl('s')).toThrow(
      expect.objectContaining({
        code: 'YAHOO_NOT_CONFIGURED',
        status: 503,
        message: 'Yahoo linking is not configured on this server.',
      }),
    );
  });

  it('builds the authorize URL, and the consent page sends the code and state back', async () => {
    const url = new URL(oauth.buildAuthorizeUrl('signed-state-123'));
    expect(`${url.origin}${url.pathname}`).toBe(`${yahoo.url}/oauth2/request_auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'fm-client',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      state: 'signed-state-123',
    });
    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('code')).toBe(FAKE_YAHOO_CODE);
    expect(back.searchParams.get('state')).toBe('signed-state-123');
  });

  it('exchanges the code with Basic client credentials and a form body', async () => {
    const tokens = await oauth.exchangeCode(FAKE_YAHOO_CODE);
    expect(tokens).toEqual({
      accessToken: FAKE_YAHOO_TOKENS.access_token,
      refreshToken: FAKE_YAHOO_TOKENS.refresh_token,
      expiresAt: NOW + 3_600_000,
      yahooGuid: 'JT4FACLQZI2OCE',
    });
    const request = yahoo.requests.at(-1)!;
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from('fm-client:fm-secret').toString('base64')}`,
    );
    expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      grant_type: 'authorization_code',
      code: FAKE_YAHOO_CODE,
      redirect_uri: REDIRECT_URI,
    });
  });

  it('answers YAHOO_AUTH_FAILED for a code Yahoo rejects, and for wrong client credentials', async () => {
    await expect(oauth.exchangeCode('stale-code')).rejects.toMatchObject({
      code: 'YAHOO_AUTH_FAILED',
      status: 400,
    });
    const wrongSecret = new YahooOAuth({
      ...CLIENT,
      clientSecret: 'nope',
      authUrl: yahoo.url,
      redirectUri: REDIRECT_URI,
    });
    await expect(wrongSecret.exchangeCode(FAKE_YAHOO_CODE)).rejects.toMatchObject({
      code: 'YAHOO_AUTH_FAILED',
    });
  });

  it('retries the token endpoint through a 503', async () => {
    yahoo.failNext(503, 1, '/oauth2/get_token');
    await expect(oauth.exchangeCode(FAKE_YAHOO_CODE)).resolves.toMatchObject({
      accessToken: FAKE_YAHOO_TOKENS.access_token,
    });
  });

  it('keeps a token with time left and refreshes one about to expire', async () => {
    const stored: YahooTokenSet = {
      accessToken: 'old',
      refreshToken: FAKE_YAHOO_TOKENS.refresh_token,
      expiresAt: NOW + 3_000_000,
      yahooGuid: 'G',
    };
    await expect(oauth.ensureFreshToken(stored, NOW)).resolves.toEqual({ tokens: stored, refreshed: false });
    expect(yahoo.requests).toHaveLength(0);

    const expiring = { ...stored, expiresAt: NOW + TOKEN_REFRESH_MARGIN_MS - 1 };
    const { tokens, refreshed } = await oauth.ensureFreshToken(expiring, NOW);
    expect(refreshed).toBe(true);
    expect(tokens.accessToken).toBe(FAKE_YAHOO_TOKENS.access_token);
    expect(tokens.expiresAt).toBe(NOW + 3_600_000);
    expect(new URLSearchParams(yahoo.requests[0]!.body).get('grant_type')).toBe('refresh_token');
  });

  it('asks the user to link again when the refresh token is refused', async () => {
    const revoked: YahooTokenSet = {
      accessToken: 'old',
      refreshToken: 'revoked',
      expiresAt: NOW - 1,
      yahooGuid: null,
    };
    await expect(oauth.ensureFreshToken(revoked, NOW)).rejects.toMatchObject({
      code: 'YAHOO_RELINK_REQUIRED',
      status: 409,
    });
  });
});
