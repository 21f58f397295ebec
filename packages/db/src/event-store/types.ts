import { ERROR_CATEGORIES, type ErrorCategory } from '@fm/contract';

export { ERROR_CATEGORIES, type ErrorCategory };

/** The error log keeps this long; older entries are pruned (a TTL index on MongoDB). */
export const ERROR_LOG_RETENTION_DAYS = 30;

export interface NewAnalyticsEvent {
  /** Dotted name: `auth.signup`, `auth.login`, `auth.login_failed`, `league.linked`, `simulation.run`, `page.view`. */
  type: string;
  userId?: string | null | undefined;
  payload?: Record<string, unknown> | null | undefined;
  createdAt?: Date | undefined;
}

export interface AnalyticsEvent {
  id: string;
  type: string;
  userId: string | null;
  payload: Record<string, unknown> | null;
  createdAt: Date;
}

export interface NewErrorEvent {
  category: ErrorCategory;
  statusCode: number;
  message: string;
  /** `METHOD /path` with ids replaced, e.g. `GET /api/admin/users/:id`. */
  endpoint: string;
  method?: string | null | undefined;
  createdAt?: Date | undefined;
}

export interface ErrorEvent {
  id: string;
  category: ErrorCategory;
  statusCode: number;
  message: string;
  endpoint: string;
  method: string | null;
  createdAt: Date;
}

/** `since` is inclusive, `until` exclusive; absent bounds are open. */
export interface TimeRange {
  since?: Date | undefined;
  until?: Date | undefined;
}

export interface EventQuery extends TimeRange {
  /** Only these types; absent or empty means every type. */
  types?: string[] | undefined;
}

export interface DailyUsers {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  userIds: string[];
}

export interface ErrorBucket {
  bucketStart: Date;
  category: ErrorCategory;
  count: number;
}

export interface FrequentError {
  message: string;
  endpoint: string;
  count: number;
  lastOccurred: Date;
}

/**
 * Analytics events and the error log, kept in PostgreSQL tables or MongoDB collections.
 * Both implementations pass the same contract suite (`event-store.contract.test.ts`).
 */
export interface EventStore {
  readonly kind: 'postgresql' | 'mongodb';

  recordEvents(events: NewAnalyticsEvent[]): Promise<void>;
  countEvents(query?: EventQuery): Promise<number>;
  /** Per UTC day, the distinct users of events that name one; days without any are left out. */
  activeUsersByDay(query: EventQuery): Promise<DailyUsers[]>;
  /** Events oldest first (or newest first), read page by page so an export of any size streams. */
  streamEvents(
    query?: EventQuery & { limit?: number | undefined; newestFirst?: boolean | undefined },
  ): AsyncIterable<AnalyticsEvent>;
  /** Deletes events created before `before` (of `types` only, when given); answers how many. */
  deleteEvents(query: { before: Date; types?: string[] | undefined }): Promise<number>;
  /** Deletes every event that names this user (account deletion); answers how many. */
  deleteUserEvents(userId: string): Promise<number>;

  recordErrors(errors: NewErrorEvent[]): Promise<void>;
  countErrors(range?: TimeRange): Promise<number>;
  countErrorsByCategory(range?: TimeRange): Promise<Record<ErrorCategory, number>>;
  /** Errors per category in buckets of `bucketMs` starting at multiples of it (epoch-aligned). */
  errorTimeline(query: { since: Date; bucketMs: number }): Promise<ErrorBucket[]>;
  /** Newest first. */
  recentErrors(limit: number): Promise<ErrorEvent[]>;
  /** The most frequent (message, endpoint) pairs, most frequent first. */
  topErrors(query: TimeRange & { limit: number }): Promise<FrequentError[]>;
  deleteErrors(query: { before: Date }): Promise<number>;

  /** Round trip to the store; resolves with the latency in milliseconds. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export function emptyCategoryCounts(): Record<ErrorCategory, number> {
  return Object.fromEntries(ERROR_CATEGORIES.map((category) => [category, 0])) as Record<
    ErrorCategory,
    number
  >;
}

export function isErrorCategory(value: string): value is ErrorCategory {
  return (ERROR_CATEGORIES as readonly string[]).includes(value);
}
