import type {} from '@fastify/cookie'; // request.cookies / reply.setCookie types
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { NewSession } from '../services/auth/sessions.js';
import { EMAIL_TOKEN_LIFETIME_MS } from '../services/auth/email-tokens.js';
import { TRUSTED_DEVICE_DAYS } from '../services/auth/trusted-devices.js';

export const SESSION_COOKIE = 'fm_session';

/**
 * A cookie's value, or undefined. A request dropped before the cookie plugin parsed it (the client went away
 * early) has no cookies at all: that is no cookie, not an error, since the response hooks still read it.
 */
function cookieOf(req: FastifyRequest, name: string): string | undefined {
  const cookies = req.cookies as FastifyRequest['cookies'] | null | undefined;
  return cookies?.[name] || undefined;
}

export function readSessionToken(req: FastifyRequest): string | undefined {
  return cookieOf(req, SESSION_COOKIE);
}

/**
 * HttpOnly and SameSite=Lax always, Secure on https origins. A remembered session gets a
 * persistent cookie; otherwise the cookie ends with the browser (the server ends it at 12 h).
 */
export function setSessionCookie(
  reply: FastifyReply,
  session: NewSession,
  config: Pick<Config, 'isSecureOrigin'>,
): void {
  void reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isSecureOrigin,
    ...(session.isPersistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'isSecureOrigin'>): void {
  void reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isSecureOrigin,
  });
}

/** The trusted-device token (see services/trusted-devices): HttpOnly, kept for a year. */
export const DEVICE_COOKIE = 'fm_device';

export function readDeviceToken(req: FastifyRequest): string | undefined {
  return cookieOf(req, DEVICE_COOKIE);
}

export function setDeviceCookie(
  reply: FastifyReply,
  token: string,
  config: Pick<Config, 'isSecureOrigin'>,
): void {
  void reply.setCookie(DEVICE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isSecureOrigin,
    maxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
  });
}

/** The registration proof (services/auth/registration-proof): only the verification link needs it. */
export const REGISTRATION_COOKIE = 'fm_registration';
const REGISTRATION_COOKIE_PATH = '/api/auth';

export function readRegistrationProof(req: FastifyRequest): string | undefined {
  return cookieOf(req, REGISTRATION_COOKIE);
}

/** Lives as long as the verification link it goes with. */
export function setRegistrationCookie(
  reply: FastifyReply,
  proof: string,
  config: Pick<Config, 'isSecureOrigin'>,
): void {
  void reply.setCookie(REGISTRATION_COOKIE, proof, {
    path: REGISTRATION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isSecureOrigin,
    maxAge: EMAIL_TOKEN_LIFETIME_MS['verify-email'] / 1000,
  });
}
