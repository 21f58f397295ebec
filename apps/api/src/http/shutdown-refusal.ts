import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../errors.js';

/** Another process (or this one, restarted) can take the request at once. */
const SHUTDOWN_RETRY_AFTER_SECONDS = 1;

/**
 * Once the server is closing, requests still arriving on open keep-alive connections are turned
 * away with a 503 in our `{code, message}` shape (Fastify's own closing answer is not), while the
 * requests already running finish.
 */
export function registerShutdownRefusal(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  app.addHook('onRequest', (_req, reply, done) => {
    if (!isClosing) return done();
    void reply
      .code(503)
      .header('Retry-After', String(SHUTDOWN_RETRY_AFTER_SECONDS))
      .header('Connection', 'close')
      .send({
        code: 'SHUTTING_DOWN',
        message: 'The server is restarting. Please try again in a moment.',
      } satisfies ErrorBody);
  });
}
