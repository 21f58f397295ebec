import type { FastifyInstance } from 'fastify';
import { parseUntrustedJson, requireCleanText } from './untrusted-input.js';

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What every route may receive. Bodies are JSON only (admin uploads add multipart in their own
 * scope); Fastify's text/plain parser goes, since a plain-text body is what a cross-site form
 * can send. JSON is parsed with depth and character limits; the query string and path
 * parameters get the same character check. Must be registered before any route or plugin.
 */
export function registerRequestBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseUntrustedJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.addHook('preValidation', (req, _reply, done) => {
    try {
      requireCleanText(req.query);
      requireCleanText(req.params);
    } catch (error) {
      return done(error as Error);
    }
    // A write without any body (`POST /api/auth/logout`) needs no content type: it is read as
    // an empty JSON body, which is what the tRPC and REST adapters would otherwise refuse.
    if (!BODYLESS_METHODS.has(req.method) && req.body === undefined && !req.headers['content-type']) {
      req.raw.headers['content-type'] = 'application/json';
    }
    // The REST adapter reads a DELETE's input from the query string only; fields of a JSON body
    // (`DELETE /api/leagues/espn/disconnect {leagueId}`) count as well, the query string winning.
    if (req.method === 'DELETE' && isPlainObject(req.body)) {
      req.query = { ...req.body, ...(req.query as Record<string, unknown>) };
    }
    done();
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
