import { sessions, type Database, type EventStore, type NewAnalyticsEvent, type NewErrorEvent } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashToken } from '../services/auth/secure-tokens.js';
import { capturedEventFor, type CapturedEvent } from './analytics-capture.js';
import { createBufferedWriter, type BufferedWriter } from './buffered-writer.js';
import { DatabaseMonitor } from './database-monitor.js';
import { classifyError, endpointLabel, isServerFault, isSignedOutCheck } from './request-labels.js';
import { RequestMetrics } from './request-metrics.js';

/**
 * The error log keeps at most this many entries per second (after a burst allowance), so a
 * flood of failing requests cannot flood the database too; the rest are only counted.
 */
export const ERROR_LOG_RATE_PER_SECOND = 50;
export const ERROR_LOG_BURST = 200;

/** A token bucket: `take()` is true while the budget lasts, refilled continuously. */
function createRateBudget(ratePerSecond: number, burst: number, now: () => number = Date.now) {
  let tokens = burst;
  let last = now();
  return () => {
    const at = now();
    tokens = Math.min(burst, tokens + ((at - last) / 1000) * ratePerSecond);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export interface FinishedRequest {
  method: string;
  url: string;
  statusCode: number;
  durationMs: number;
  /** From the error response body, when the status is 400 or more. */
  errorCode?: string | undefined;
  errorMessage?: string | undefined;
  /** Session token sent with the request. */
  requestSessionToken?: string | undefined;
  /** The user behind requestSessionToken when the request already authenticated it. */
  requestUserId?: string | null | undefined;
  ip?: string | undefined;
}

/** Everything the admin health pages and the alert rules read, kept for the life of the process. */
export interface Monitoring {
  requests: RequestMetrics;
  databases: DatabaseMonitor;
  eventStore: EventStore;
  /** Records one finished request: timing, the error log, and any product event it stands for. */
  recordRequest(request: FinishedRequest): void;
  recordEvent(event: NewAnalyticsEvent): void;
  recordError(error: NewErrorEvent): void;
  /** Errors counted but not written to the error log because of ERROR_LOG_RATE_PER_SECOND. */
  readonly unloggedErrors: number;
  /** Waits until every recorded event and error is in the store. */
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export function createMonitoring(options: {
  database: Database;
  eventStore: EventStore;
  log: FastifyBaseLogger;
}): Monitoring {
  const { database, eventStore, log } = options;
  const requests = new RequestMetrics();
  const databases = new DatabaseMonitor(database, eventStore);
  const errorLog: BufferedWriter<NewErrorEvent> = createBufferedWriter({
    write: (batch) => eventStore.recordErrors(batch),
    log,
    label: 'error log',
  });
  const analytics: BufferedWriter<NewAnalyticsEvent> = createBufferedWriter({
    write: (batch) => eventStore.recordEvents(batch),
    log,
    label: 'analytics events',
  });
  const lookups = new Set<Promise<void>>();
  const hasErrorBudget = createRateBudget(ERROR_LOG_RATE_PER_SECOND, ERROR_LOG_BURST);
  let unloggedErrors = 0;

  async function userIdForToken(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    const [row] = await database.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .limit(1);
    return row?.userId ?? null;
  }

  function recordCapturedEvent(event: CapturedEvent, request: FinishedRequest): void {
    const createdAt = new Date();
    const { payload } = event;
    const token = event.userSource === 'request-cookie' ? request.requestSessionToken : undefined;
    const knownUserId = event.userSource === 'request-cookie' ? request.requestUserId : null;
    const lookup = (knownUserId ? Promise.resolve(knownUserId) : userIdForToken(token))
      .catch(() => null)
      .then((userId) => analytics.push({ type: event.type, userId, payload: payload ?? null, createdAt }));
    lookups.add(lookup);
    void lookup.finally(() => lookups.delete(lookup));
  }

  return {
    requests,
    databases,
    eventStore,
    recordRequest(request) {
      const endpoint = endpointLabel(request.method, request.url);
      const isExpected = isSignedOutCheck(endpoint, request.statusCode);
      requests.record({
        endpoint,
        statusCode: request.statusCode,
        durationMs: request.durationMs,
        isSignedOutCheck: isExpected,
        isNotServerFault: request.statusCode >= 500 && !isServerFault(request.statusCode, request.errorCode),
      });
      if (isExpected) {
        // not an error: the error log and its categories keep real failures only
      } else if (request.statusCode >= 400 && !hasErrorBudget()) {
        unloggedErrors++;
      } else if (request.statusCode >= 400) {
        errorLog.push({
          category: classifyError(request.statusCode, request.errorCode),
          statusCode: request.statusCode,
          message: request.errorMessage ?? `HTTP ${request.statusCode}`,
          endpoint,
          method: request.method,
          createdAt: new Date(),
        });
      }
      const event = capturedEventFor(request.method, request.url.split('?', 1)[0]!, request.statusCode);
      if (event) recordCapturedEvent(event, request);
    },
    get unloggedErrors() {
      return unloggedErrors;
    },
    recordEvent: (event) => analytics.push({ ...event, createdAt: event.createdAt ?? new Date() }),
    recordError: (error) => errorLog.push({ ...error, createdAt: error.createdAt ?? new Date() }),
    async flush() {
      await Promise.all(lookups);
      await Promise.all([errorLog.flush(), analytics.flush()]);
    },
    start() {
      databases.start();
    },
    async stop() {
      databases.stop();
      await Promise.all(lookups);
      await Promise.all([errorLog.close(), analytics.close()]);
    },
  };
}
