import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { readSessionToken } from './session-cookie.js';
import { readErrorBody } from '../monitoring/request-labels.js';

interface ErrorDetail {
  code: string | undefined;
  message: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    monitoredError: ErrorDetail | null;
  }
}

/**
 * Times every request and hands it to the monitoring: error responses are read once in
 * onSend (only those, so successful requests cost a timer read and a few counters).
 */
export function registerMonitoring(app: FastifyInstance, deps: AppDeps): void {
  const { monitoring } = deps;

  app.decorateRequest('monitoredError', null);

  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode >= 400) req.monitoredError = readErrorBody(payload);
    done(null, payload);
  });

  app.addHook('onResponse', (req, reply, done) => {
    const detail = req.monitoredError;
    monitoring.recordRequest({
      method: req.method,
      url: req.url,
      statusCode: reply.statusCode,
      durationMs: reply.elapsedTime,
      errorCode: detail?.code,
      errorMessage: detail?.message,
      requestSessionToken: readSessionToken(req),
      requestUserId: req.authenticatedUserId,
      ip: req.ip,
    });
    done();
  });
}
