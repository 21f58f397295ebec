import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { verifyEmail } from '../services/auth/registration.js';

/**
 * `GET /api/auth/verify-email?token=…`, the link in the verification mail: a plain route
 * because it answers with a redirect to the login page, which shows the outcome.
 */
export function registerVerifyEmailRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { token?: string } }>('/api/auth/verify-email', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    const outcome = await verifyEmail(deps, token);
    const target = outcome.isVerified
      ? '/login?verified=true'
      : `/login?error=${encodeURIComponent(outcome.message)}`;
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  });
}
