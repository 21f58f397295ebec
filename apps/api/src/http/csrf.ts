import type {} from '@fastify/cookie'; // request.cookies / reply.setCookie types
import { CSRF_COOKIE, CSRF_HEADER } from '@fm/contract';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { ErrorBody } from '../errors.js';
import { UNSUBSCRIBE_PATH } from './unsubscribe-route.js';

function sign(nonce: string, secret: string): string {
  return createHmac('sha256', `csrf:${secret}`).update(nonce).digest('base64url').slice(0, 32);
}

export function issueCsrfToken(secret: string): string {
  const nonce = randomBytes(24).toString('base64url');
  return `${nonce}.${sign(nonce, secret)}`;
}

export function isSignedCsrfToken(token: string | undefined, secret: string): token is string {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(nonce, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Returns the request's valid token or a new one, and sets it as cookie and response header. */
export function provideCsrfToken(req: FastifyRequest, reply: FastifyReply, config: Config): string {
  const current = req.cookies[CSRF_COOKIE];
  const token = isSignedCsrfToken(current, config.sessionSecret)
    ? current
    : issueCsrfToken(config.sessionSecret);
  void reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: config.isSecureOrigin,
    httpOnly: false, // the web app reads it to echo it in the X-CSRF-Token header
  });
  void reply.header(CSRF_HEADER, token);
  return token;
}

/** Methods that must not change anything; every other method is a write and needs the token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const csrfRefused = (message: string): ErrorBody => ({ code: 'CSRF_INVALID', message });
const TOKEN_MESSAGE = 'Your security token is missing or out of date. Please reload the page and try again.';
const CROSS_SITE_MESSAGE = 'This request came from another site and was refused.';

/** The origins our own pages are served from: APP_URL, and the host the request was sent to. */
function isOwnOrigin(origin: string, req: FastifyRequest, config: Config): boolean {
  if (origin === new URL(config.appUrl).origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false; // "null" (sandboxed frames, file: pages) and other non-URLs
  }
}

/**
 * Every write, whatever path it is sent to (including unknown ones), must come from our own
 * pages: the browser's Sec-Fetch-Site and Origin headers, when sent, must not name another
 * site, and the X-CSRF-Token header must equal the csrf-token cookie and carry our signature.
 * It runs before the body is read.
 */
export function registerCsrfProtection(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method)) return done();
    // authorised by its signed token alone (no cookie counts), and posted by mail clients from anywhere
    if (req.url.split('?')[0] === UNSUBSCRIBE_PATH) return done();
    const fetchSite = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const isCrossSite =
      fetchSite === 'cross-site' ||
      fetchSite === 'same-site' ||
      (origin !== undefined && !isOwnOrigin(origin, req, config));
    if (isCrossSite) return void reply.code(403).send(csrfRefused(CROSS_SITE_MESSAGE));
    const header = req.headers[CSRF_HEADER];
    const cookie = req.cookies[CSRF_COOKIE];
    const isValid =
      typeof header === 'string' && header === cookie && isSignedCsrfToken(header, config.sessionSecret);
    if (!isValid) return void reply.code(403).send(csrfRefused(TOKEN_MESSAGE));
    done();
  });
}
