import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { YAHOO_CALLBACK_PATH } from '../services/leagues/clients.js';
import { completeYahooLink } from '../services/leagues/yahoo-link.js';
import { signedIn } from './signed-in.js';

/** The page that shows how linking went. */
const LINK_LEAGUES_PAGE = '/link-leagues';
const GENERIC_FAILURE = 'Yahoo linking failed. Please try again.';

interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/**
 * `GET /api/leagues/yahoo/callback?code&state`, where Yahoo sends the browser back after consent:
 * a plain route because it answers with a redirect to /link-leagues (`?linked=yahoo`, or
 * `?error=<message>` when anything went wrong).
 */
export function registerYahooCallbackRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: CallbackQuery }>(YAHOO_CALLBACK_PATH, async (req, reply) => {
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
    let target = `${LINK_LEAGUES_PAGE}?linked=yahoo`;
    try {
      const session = await signedIn(deps, req).catch(() => undefined);
      await completeYahooLink(deps, {
        code: text(req.query.code),
        state: text(req.query.state),
        error: text(req.query.error),
        sessionUserId: session?.user.id,
      });
    } catch (error) {
      const isExpected = error instanceof AppError && error.status < 500;
      if (!isExpected) req.log.error({ err: error }, 'Yahoo link failed');
      const message = error instanceof AppError ? error.message : GENERIC_FAILURE;
      target = `${LINK_LEAGUES_PAGE}?error=${encodeURIComponent(message)}`;
    }
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  });
}
