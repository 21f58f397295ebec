import type {} from '@fastify/cookie'; // request.cookies / reply.setCookie types
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { NewSession } from '../services/auth/sessions.js';
import { EMAIL_TOKEN_LIFETIME_MS } from '../services/auth/email-tokens.js';
import { TRUSTED_DEVICE_DAYS } from '../services/auth/trusted-devices.js';

export const SESSION_COOKIE = 'fm_session';

export function readSessionToken(req: FastifyRequest): string | undefined {
  const token = req.cookies[SESSION_COOKIE];
  return token ? token : undefined;
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
  return req.cookies[DEVICE_COOKIE] || undefined;
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
  return req.cookies[REGISTRATION_COOKIE] || undefined;
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
