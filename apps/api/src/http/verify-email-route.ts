import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { cancelEmailChange, undoEmailChange } from '../services/auth/account-email-change.js';
import { verifyEmail } from '../services/auth/registration.js';
import { readRegistrationProof } from './session-cookie.js';

/**
 * What the login page may be told through its query string: a code from this list, never text
 * (a link could otherwise make our page say anything). The web app's LoginPage maps each to its
 * sentence.
 */
export const LOGIN_PAGE_CODES = {
  invalidVerificationLink: 'invalid-verification-link',
  emailChangeCancelled: 'email-change-cancelled',
  invalidCancelLink: 'invalid-cancel-link',
  invalidUndoLink: 'invalid-undo-link',
} as const;

/**
 * `GET /api/auth/verify-email?token=…`, the link in the verification mail, and
 * `GET /api/auth/cancel-email-change?token=…`, the link mailed to the current address when a
 * change is asked for, and `GET /api/auth/undo-email-change?token=…`, the "this wasn't me" link
 * mailed to the old address once a change is done (it leads to choosing a new password): plain routes because they answer with a redirect to the login page,
 * which shows the outcome.
 */
export function registerVerifyEmailRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { token?: string } }>('/api/auth/verify-email', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    const outcome = await verifyEmail(deps, token, readRegistrationProof(req));
    const target = !outcome.isVerified
      ? `/login?error=${LOGIN_PAGE_CODES.invalidVerificationLink}`
      : outcome.choosePasswordToken
        ? `/reset-password?token=${encodeURIComponent(outcome.choosePasswordToken)}&verified=true`
        : '/login?verified=true';
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  });

  app.get<{ Querystring: { token?: string } }>('/api/auth/cancel-email-change', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    const target = (await cancelEmailChange(deps, token))
      ? `/login?message=${LOGIN_PAGE_CODES.emailChangeCancelled}`
      : `/login?error=${LOGIN_PAGE_CODES.invalidCancelLink}`;
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  });

  app.get<{ Querystring: { token?: string } }>('/api/auth/undo-email-change', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    const undone = await undoEmailChange(deps, token);
    const target = undone
      ? `/reset-password?token=${encodeURIComponent(undone.choosePasswordToken)}&verified=true`
      : `/login?error=${LOGIN_PAGE_CODES.invalidUndoLink}`;
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  });
}
