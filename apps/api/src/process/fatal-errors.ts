import type { EventStore } from '@fm/db';
import type { Logger } from 'pino';
import { currentRequest } from './request-context.js';

/** The analytics event a crash leaves, counted on System Health. */
export const PROCESS_CRASH_EVENT = 'process.crash';
/** Time a crashing process gives itself to record the crash and close; then it exits regardless. */
export const CRASH_EXIT_GRACE_MS = 3_000;

export interface FatalErrorPolicyOptions {
  log: Logger;
  eventStore: Pick<EventStore, 'recordEvents' | 'recordErrors'>;
  /** Stops the server (bounded by CRASH_EXIT_GRACE_MS). */
  close: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * After an uncaught exception or unhandled rejection the process is in a state nobody planned for (a half-written
 * answer, a connection pool missing a member, a lock believed held). Keeping on serving risks wrong answers, so it
 * logs the error with the request that started the failing work, records it for System Health, closes within
 * CRASH_EXIT_GRACE_MS and exits with code 1 for its supervisor to start a fresh one.
 */
export function installFatalErrorPolicy(options: FatalErrorPolicyOptions): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let isExiting = false;

  const onFatal = (kind: 'uncaughtException' | 'unhandledRejection') => (reason: unknown) => {
    const request = currentRequest();
    options.log.fatal(
      { err: reason, kind, request },
      `${kind}: the process is in an unknown state and exits for its supervisor to restart it`,
    );
    if (isExiting) return;
    isExiting = true;
    const message = reason instanceof Error ? reason.message : String(reason);
    const recorded = Promise.all([
      options.eventStore.recordEvents([
        { type: PROCESS_CRASH_EVENT, payload: { kind, message: message.slice(0, 500), pid: process.pid } },
      ]),
      options.eventStore.recordErrors([
        {
          category: 'SERVER_ERROR',
          statusCode: 500,
          message: `Process crashed (${kind}): ${message}`.slice(0, 1_000),
          endpoint: request ? `${request.method} ${request.path}` : 'process',
          method: request?.method ?? null,
        },
      ]),
    ]).catch((error: unknown) => options.log.error({ err: error }, 'could not record the crash'));
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CRASH_EXIT_GRACE_MS).unref());
    void Promise.race([recorded.then(() => options.close()), timeout])
      .catch((error: unknown) => options.log.error({ err: error }, 'error while closing after a crash'))
      .finally(() => {
        options.log.flush();
        exit(1);
      });
  };
  const onException = onFatal('uncaughtException');
  const onRejection = onFatal('unhandledRejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
