import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { unsubscribeByToken } from '../services/notifications/unsubscribe.js';

/** The notification mails' unsubscribe link (List-Unsubscribe); the signed token is its only authority. */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * `POST /api/notifications/unsubscribe?token=…`: RFC 8058's one-click unsubscribe, posted by the mail client with
 * the body `List-Unsubscribe=One-Click` (no sign-in, no cookie: the token names the person and the kind), and
 * `GET` the same link opened in a browser, which answers a page with one button that posts it (a GET changes
 * nothing: link scanners open every link). A bad or stale token answers `{code, message}` and changes nothing.
 */
export function registerUnsubscribeRoute(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    // mail clients post a form body; only here, so no other route reads one
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post<{ Querystring: { token?: string } }>(UNSUBSCRIBE_PATH, async (req, reply) => {
      const token = typeof req.query.token === 'string' ? req.query.token : undefined;
      try {
        const { message } = await unsubscribeByToken(deps, token);
        return reply.header('Cache-Control', 'no-store').send({ data: { message } });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.code(error.status).send({ code: error.code, message: error.message });
      }
    });
    scope.get<{ Querystring: { token?: string } }>(UNSUBSCRIBE_PATH, async (req, reply) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`
        .replace(/&/g, '&amp;')
        .replace(/"/g, '&quot;');
      return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Unsubscribe</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 30rem; margin: 2rem auto; padding: 0 1rem">
<h1>Stop these e-mails?</h1>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="min-height: 44px; padding: 0 1.5rem; font-size: 1rem">Unsubscribe</button></form>
</body></html>`);
    });
  });
}
