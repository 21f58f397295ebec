import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { createContextFactory } from '../context.js';
import type { AppDeps } from '../deps.js';
import { appRouter } from '../router/root.js';
import { formatError, isLoggedPerRequest } from './error-format.js';
import { pauseAfterRefusedSimulationCall } from './refused-simulation-pause.js';
import { checkTrpcBatch } from './trpc-batch-limits.js';
import { createLiveEventStreams, DATA_CHANGES_PATH } from './live-event-stream.js';
import { createLiveStreamCaps } from './live-stream-caps.js';
import { parseUntrustedJson } from './untrusted-input.js';

/**
 * `/trpc/:path` for the web app's typed client: queries by GET, mutations by POST with a JSON
 * body. Mounted on our own route rather than tRPC's Fastify plugin, which would bring its own
 * body parsers (multipart/form-data and raw streams): here the body is the app's JSON, parsed
 * and checked like every other body, and a query's `input` gets the same checks.
 */
export function registerTrpcRoute(app: FastifyInstance, deps: AppDeps): void {
  const createContext = createContextFactory(deps);
  const liveStreams = createLiveStreamCaps(deps.config);
  const dataChangeStreams = createLiveEventStreams(deps.liveUpdates);
  // open live subscriptions end first, or closing would wait for them
  app.addHook('preClose', async () => deps.liveUpdates.close());
  app.route<{ Params: { path: string }; Querystring: { input?: unknown; batch?: unknown } }>({
    // HEAD explicitly: tRPC answers it (204) itself; Fastify's automatic HEAD cannot relay its answer.
    method: ['GET', 'HEAD', 'POST'],
    url: '/trpc/:path',
    // a refused simulation call leaves its connection unread a moment (refused-simulation-pause.ts)
    onResponse: pauseAfterRefusedSimulationCall,
    handler: async (req, reply) => {
      checkTrpcBatch(req.params.path, req.query.batch);
      liveStreams.admit(req.params.path, req, reply);
      const input =
        typeof req.query.input === 'string' ? parseUntrustedJson(req.query.input, 'input') : undefined;
      if (req.params.path === DATA_CHANGES_PATH && dataChangeStreams.serve(req, reply, input)) return reply;
      await fastifyRequestHandler({
        router: appRouter,
        createContext,
        onError: ({ error, path }) => {
          if (isLoggedPerRequest(formatError(error)))
            deps.log.error({ err: error.cause ?? error, path }, 'trpc call failed');
        },
        req,
        res: reply,
        path: req.params.path,
      });
      return reply;
    },
  });
}
