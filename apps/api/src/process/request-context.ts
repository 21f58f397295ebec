import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** The request an asynchronous chain was started by: what a crash far from its handler is logged with. */
export interface RequestContext {
  requestId: string;
  method: string;
  /** Path only: query strings may carry tokens. */
  path: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request under way in this asynchronous chain (timers and callbacks it started included), if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `task` as part of `context` (tests and background work that act for a request). */
export function runInRequestContext<T>(context: RequestContext, task: () => T): T {
  return storage.run(context, task);
}

export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    // enterWith, not run: the rest of the request's hooks and handler continue this asynchronous chain
    storage.enterWith({ requestId: req.id, method: req.method, path: req.url.split('?')[0] ?? '/' });
    done();
  });
}
