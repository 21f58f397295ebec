import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { DATABASE_UNAVAILABLE, setRetryAfter } from './error-format.js';

const HEALTH_TIMEOUT_MS = 2_000;

/** `GET /api/health`: 200 when the database answers a round trip in time, 503 otherwise. */
export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/health', async (_req, reply) => {
    try {
      const latencyMs = await Promise.race([
        deps.database.ping(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS).unref(),
        ),
      ]);
      return {
        status: 'ok',
        database: { kind: deps.database.kind, latencyMs: Math.round(latencyMs * 100) / 100 },
      };
    } catch (error) {
      // an unreachable database is logged once, when it goes (server.ts)
      if (deps.database.availability.isAvailable) {
        deps.log.error({ err: error }, 'health check: database did not answer');
      }
      setRetryAfter(reply, DATABASE_UNAVAILABLE);
      return reply.code(503).send({ status: 'error', ...DATABASE_UNAVAILABLE.body });
    }
  });
}
