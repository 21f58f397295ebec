import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { verifyEmail, type VerificationOutcome } from '../services/auth/registration.js';
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
 * `GET /api/auth/verify-email?token=…`, the link in the verification mail: a plain route because it
 * answers with a redirect to the page that shows the outcome. `GET /api/auth/cancel-email-change` and
 * `GET /api/auth/undo-email-change`, the links of mails sent before those links opened pages, change
 * nothing: they lead to the page that says what the link will do and acts only when its owner
 * confirms (a POST with the CSRF token), so a mail scanner opening a link cannot act on it.
 */
export function registerVerifyEmailRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { token?: string } }>('/api/auth/verify-email', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    const outcome = await verifyEmail(deps, token, readRegistrationProof(req));
    return reply.header('Cache-Control', 'no-store').redirect(verificationTarget(outcome), 302);
  });

  for (const page of ['cancel-email-change', 'undo-email-change']) {
    app.get<{ Querystring: { token?: string } }>(`/api/auth/${page}`, async (req, reply) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      return reply
        .header('Cache-Control', 'no-store')
        .redirect(`/${page}?token=${encodeURIComponent(token)}`, 302);
    });
  }
}

/** Where a followed verification link leads: choosing a password, signing in, or the reason it failed. */
function verificationTarget(outcome: VerificationOutcome): string {
  if (!outcome.isVerified) return `/login?error=${LOGIN_PAGE_CODES.invalidVerificationLink}`;
  if (outcome.choosePasswordToken)
    return `/reset-password?token=${encodeURIComponent(outcome.choosePasswordToken)}&verified=true`;
  // verified, but the password was wiped (the link was opened elsewhere first): the owner asks for a link
  return outcome.needsPassword ? '/forgot-password' : '/login?verified=true';
}
