import type { FastifyReply } from 'fastify';

/**
 * Resolves once the answer to `reply` has been handed to the network, or the client has gone:
 * work started then cannot show in the answer's timing.
 */
export function answerSent(reply: FastifyReply): Promise<void> {
  const response = reply.raw;
  if (response.writableFinished || response.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    response.once('finish', () => resolve());
    response.once('close', () => resolve());
  });
}
