import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * Helmet's security headers (content security policy, no framing, no sniffing…) on every answer.
 * Helmet is configured once here: @fastify/helmet re-parses the whole configuration on each
 * request, about a tenth of the CPU of a cached `GET /api/auth/me`.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'isSecureOrigin'>): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://sleepercdn.com'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isSecureOrigin ? [] : null,
      },
    },
    hsts: config.isSecureOrigin,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    setHeaders(req.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
