import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session-cookie.js';
import { isApiPath } from './spa.js';

/** How long a shared cache may keep an anonymous public projections page: the data moves on game day. */
export const PUBLIC_ANSWER_MAX_AGE_SECONDS = 30;
/** Anonymous answers that are the same for every visitor, so a browser or proxy may keep them a while. */
const PUBLIC_CACHEABLE_PATH = /^\/api\/projections\/public\//;

/**
 * Cache rules of the API's answers (/api and /trpc), unless a route set its own:
 * - every answer varies by the session cookie (`Vary: Cookie`): signed in or not is a different answer;
 * - an answer to a request carrying a session, or one that sets a cookie, is personal: `private, no-store`;
 * - the anonymous public projections pages may be cached briefly; any other answer is not stored.
 */
export function registerCacheHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isApiPath(req.url)) applyCacheRules(req, reply, payload);
    done(null, payload);
  });
}

function applyCacheRules(req: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  // tRPC answers a web Response, whose own headers Fastify copies over the reply's when it sends it
  const answered = payload instanceof Response ? payload.headers : undefined;
  const vary = withCookie(answered?.get('vary') ?? reply.getHeader('vary'));
  void reply.header('Vary', vary);
  answered?.set('Vary', vary);
  if (reply.hasHeader('cache-control') || answered?.has('cache-control')) return;
  const isPersonal = req.cookies?.[SESSION_COOKIE] !== undefined || reply.hasHeader('set-cookie');
  const isPublicPage =
    !isPersonal && reply.statusCode === 200 && PUBLIC_CACHEABLE_PATH.test(req.url.split('?')[0] ?? '');
  void reply.header(
    'Cache-Control',
    isPublicPage
      ? `public, max-age=${PUBLIC_ANSWER_MAX_AGE_SECONDS}`
      : isPersonal
        ? 'private, no-store'
        : 'no-store',
  );
}

function withCookie(vary: unknown): string {
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Cookie` : 'Cookie';
}
