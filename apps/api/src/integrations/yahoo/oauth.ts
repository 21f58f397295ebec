import { z } from 'zod';
import { AppError } from '../../errors.js';
import { fetchJson, type HttpRetryOptions, UpstreamRequestError } from '../http.js';

/** Refresh this long before expiry so a token never lapses in the middle of a page load. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
const AUTHORIZE_PATH = '/oauth2/request_auth';
const TOKEN_PATH = '/oauth2/get_token';

export interface YahooOAuthSettings {
  /** Unset → Yahoo linking answers YAHOO_NOT_CONFIGURED. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** e.g. https://api.login.yahoo.com */
  authUrl: string;
  /** Where Yahoo sends the browser back, e.g. {APP_URL}/api/leagues/yahoo/callback. */
  redirectUri: string;
}

/** What the app stores (encrypted) per linked Yahoo account. */
export interface YahooTokenSet {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Yahoo's user GUID when the token answer carries one. */
  yahooGuid: string | null;
}

export const yahooNotConfigured = () =>
  new AppError('YAHOO_NOT_CONFIGURED', 'Yahoo linking is not configured on this server.', 503);
export const yahooRelinkRequired = () =>
  new AppError('YAHOO_RELINK_REQUIRED', 'Your Yahoo link has expired. Please link Yahoo again.', 409);
export const yahooAuthorizationRejected = () =>
  new AppError('YAHOO_AUTH_FAILED', 'Yahoo did not accept the sign-in. Please try linking Yahoo again.', 400);

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  token_type: z.string().optional(),
  xoauth_yahoo_guid: z.string().optional(),
});

/** OAuth 2 authorization-code flow against Yahoo (or a stand-in at `authUrl`). */
export class YahooOAuth {
  private readonly authUrl: string;

  constructor(
    private readonly settings: YahooOAuthSettings,
    private readonly retry: HttpRetryOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.authUrl = settings.authUrl.replace(/\/+$/, '');
  }

  get isConfigured(): boolean {
    return Boolean(this.settings.clientId && this.settings.clientSecret);
  }

  /** Throws YAHOO_NOT_CONFIGURED (503) when the server has no Yahoo app. */
  assertConfigured(): { clientId: string; clientSecret: string } {
    const { clientId, clientSecret } = this.settings;
    if (!clientId || !clientSecret) throw yahooNotConfigured();
    return { clientId, clientSecret };
  }

  /** The Yahoo consent page URL; `state` must be signed and checked by the caller. */
  buildAuthorizeUrl(state: string): string {
    const { clientId } = this.assertConfigured();
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: this.settings.redirectUri,
      response_type: 'code',
      state,
    });
    return `${this.authUrl}${AUTHORIZE_PATH}?${query}`;
  }

  /** Trades the `code` from the callback for tokens. A rejected code → YAHOO_AUTH_FAILED. */
  async exchangeCode(code: string): Promise<YahooTokenSet> {
    const tokens = await this.requestTokens(
      new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.settings.redirectUri,
      }),
      yahooAuthorizationRejected,
    );
    return tokens;
  }

  /** A new access token. A refused refresh token → YAHOO_RELINK_REQUIRED. */
  async refresh(refreshToken: string): Promise<YahooTokenSet> {
    const tokens = await this.requestTokens(
      new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        redirect_uri: this.settings.redirectUri,
      }),
      yahooRelinkRequired,
    );
    // Yahoo may omit the GUID on refresh; it may also rotate the refresh token, so keep what it sends.
    return tokens;
  }

  /**
   * `stored` when it is valid for at least TOKEN_REFRESH_MARGIN_MS more, otherwise refreshed.
   * `refreshed` tells the caller to persist the new set.
   */
  async ensureFreshToken(
    stored: YahooTokenSet,
    now: number = this.now(),
  ): Promise<{ tokens: YahooTokenSet; refreshed: boolean }> {
    if (stored.expiresAt - now > TOKEN_REFRESH_MARGIN_MS) return { tokens: stored, refreshed: false };
    const fresh = await this.refresh(stored.refreshToken);
    return { tokens: { ...fresh, yahooGuid: fresh.yahooGuid ?? stored.yahooGuid }, refreshed: true };
  }

  private async requestTokens(form: URLSearchParams, rejected: () => AppError): Promise<YahooTokenSet> {
    const { clientId, clientSecret } = this.assertConfigured();
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const requestedAt = this.now();
    try {
      const answer = await fetchJson(`${this.authUrl}${TOKEN_PATH}`, tokenResponseSchema, {
        ...this.retry,
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        failureMessage: 'Yahoo sign-in is not responding. Please try again later.',
      });
      return {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token,
        expiresAt: requestedAt + answer.expires_in * 1000,
        yahooGuid: answer.xoauth_yahoo_guid ?? null,
      };
    } catch (error) {
      // Yahoo answers 400/401 {"error":"invalid_grant"} for a used, expired or foreign code or token.
      const status = error instanceof UpstreamRequestError ? error.upstreamStatus : undefined;
      if (status === 400 || status === 401) throw rejected();
      throw error;
    }
  }
}
