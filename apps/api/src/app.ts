import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { AppDeps } from './deps.js';
import type { ErrorBody } from './errors.js';
import { registerCacheHeaders } from './http/cache-headers.js';
import { canonicalUrl } from './http/canonical-url.js';
import { registerClientAddress } from './http/client-address.js';
import { acceptedRequestId } from './http/request-id.js';
import { answerClientError } from './http/client-errors.js';
import { registerCsrfProtection } from './http/csrf.js';
import { registerDataManagementRoutes } from './http/data-management-routes.js';
import { registerApiDocs } from './http/docs.js';
import { formatError, isLoggedPerRequest, setRetryAfter } from './http/error-format.js';
import { registerHealth } from './http/health.js';
import { registerMatchupRoutes } from './http/matchup-routes.js';
import { registerProjectionsRoute } from './http/projections-route.js';
import { registerRequestBodies } from './http/request-bodies.js';
import { RequestLog } from './http/request-log.js';
import { registerRestAdapter } from './http/rest-adapter.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSignedIn } from './http/signed-in.js';
import { registerRequestContext } from './process/request-context.js';
import { registerShutdownRefusal } from './http/shutdown-refusal.js';
import { isApiPath, registerWebApp } from './http/spa.js';
import { registerTrpcRoute } from './http/trpc-route.js';
import { registerVerifyEmailRoute } from './http/verify-email-route.js';
import { registerUnsubscribeRoute } from './http/unsubscribe-route.js';
import { registerYahooCallbackRoute } from './http/yahoo-callback-route.js';
import { registerMonitoring } from './http/monitoring-hooks.js';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * A connection on which nothing moves either way for this long is closed: longer than any answer
 * takes to compute, so only dead or stalled clients meet it (live streams are exempt: live-stream-caps.ts).
 */
export const CONNECTION_IDLE_TIMEOUT_MS = 120_000;
/** Node checks the request timeout on a timer: at most this often, so the cut comes soon after the limit. */
export const MAX_TIMEOUT_CHECK_INTERVAL_MS = 5_000;

export interface AppOptions {
  /** Folder of the built web app; when absent or unbuilt, only the API is served. */
  webDistDir?: string | undefined;
  /** Request timing and the error log; off only to measure their cost (bench). */
  isMonitoringEnabled?: boolean | undefined;
}

/** TRUST_PROXY as Fastify's `trustProxy` option takes it: false, addresses/CIDRs, or the nearest `n` hops. */
function trustedProxies(
  trustProxy: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

/** The whole HTTP surface: security headers, CSRF, the REST paths, /trpc, docs, health and the SPA. */
export async function buildApp(deps: AppDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  // headers and body must arrive within REQUEST_TIMEOUT_SECONDS (a live stream's request is complete at once)
  const requestTimeoutMs = deps.config.requestTimeoutSeconds * 1000;
  const app = Fastify({
    requestTimeout: requestTimeoutMs,
    connectionTimeout: CONNECTION_IDLE_TIMEOUT_MS,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(
        MAX_TIMEOUT_CHECK_INTERVAL_MS,
        Math.max(250, requestTimeoutMs / 4),
      ),
    },
    loggerInstance: deps.log,
    logController: new RequestLog(),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A client's X-Request-Id is kept only when well-formed (it goes into every log line).
    requestIdHeader: false,
    genReqId: (req) => acceptedRequestId(req.headers['x-request-id']) ?? randomUUID(),
    trustProxy: trustedProxies(deps.config.trustProxy),
    // our own 503 body while closing (registerShutdownRefusal)
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // a tRPC batch names every procedure in one path segment (`/trpc/a.b,c.d,…`): 100 characters, the default, is ~5 calls
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2_000 },
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    clientErrorHandler: answerClientError,
    // A URL the router cannot decode (`/api/%zz`) gets the app's error body, not Fastify's.
    frameworkErrors: (error, _req, reply: FastifyReply) => {
      const { status, body } = formatError(error);
      void reply.code(status).send(body);
    },
  });

  registerRequestContext(app);
  registerClientAddress(app, deps.config);
  registerSignedIn(app);
  registerShutdownRefusal(app);
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
  if (options.isMonitoringEnabled !== false) registerMonitoring(app, deps);

  registerSecurityHeaders(app, deps.config);
  registerCacheHeaders(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie, { secret: deps.config.sessionSecret });

  app.setErrorHandler((error, req, reply) => {
    const formatted = formatError(error);
    if (isLoggedPerRequest(formatted)) req.log.error({ err: error }, 'request failed');
    setRetryAfter(reply, formatted);
    return reply.code(formatted.status).send(formatted.body);
  });

  registerRequestBodies(app);
  registerCsrfProtection(app, deps.config);
  registerHealth(app, deps);
  registerVerifyEmailRoute(app, deps);
  registerUnsubscribeRoute(app, deps);
  registerYahooCallbackRoute(app, deps);
  await registerApiDocs(app, deps.config);

  registerTrpcRoute(app, deps);
  await registerDataManagementRoutes(app, deps);
  registerProjectionsRoute(app, deps);
  registerMatchupRoutes(app, deps);
  registerRestAdapter(app, deps);

  const isServingWebApp = options.webDistDir ? await registerWebApp(app, options.webDistDir) : false;

  app.setNotFoundHandler((req, reply) => {
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.url);
    if (isPageRequest && isServingWebApp) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      code: 'NOT_FOUND',
      message: `No such path: ${req.method} ${req.url.split('?')[0]}`,
    } satisfies ErrorBody);
  });

  return app;
}
