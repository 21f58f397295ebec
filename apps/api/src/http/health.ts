import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';

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
      deps.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).send({
        status: 'error',
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is not answering.',
      });
    }
  });
}
