import { BUCKET_COUNT, bucketIndex, histogramQuantile } from './latency-histogram.js';

/** A response slower than this counts as slow on the health pages. */
export const SLOW_REQUEST_MS = 500;
/** Minutes of per-minute figures kept in memory. */
export const ROLLING_WINDOW_MINUTES = 60;
const MINUTE_MS = 60_000;
/** At most this many distinct endpoints are tracked; the rest share one row. */
const MAX_TRACKED_ENDPOINTS = 500;

export interface CompletedRequest {
  endpoint: string;
  statusCode: number;
  durationMs: number;
  /** A visitor's "who is signed in?" answered 401: counted apart, not as an error. */
  isSignedOutCheck?: boolean;
  /** A 5xx that is no fault of the server (a feature it was not set up for): an error, not a server error. */
  isNotServerFault?: boolean;
  /** Epoch ms; now by default. */
  at?: number;
}

interface MinuteBucket {
  minute: number;
  requests: number;
  errors: number;
  serverErrors: number;
  signedOutChecks: number;
  slow: number;
  totalMs: number;
  latencies: Uint32Array;
}

interface EndpointTotals {
  requests: number;
  errors: number;
  totalMs: number;
  maxMs: number;
}

export interface MinuteFigures {
  minuteStart: Date;
  requests: number;
  errors: number;
  serverErrors: number;
  averageMs: number;
}

export interface RequestWindowSnapshot {
  windowMinutes: number;
  requests: number;
  /** Responses with status 400 and above. */
  errors: number;
  /** Responses with status 500 and above, but for features the server was not set up for. */
  serverErrors: number;
  /** Visitors' session checks answered 401 (expected, not errors). */
  signedOutChecks: number;
  slowRequests: number;
  averageMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  requestsPerMinute: number;
  errorsPerMinute: number;
  serverErrorsPerMinute: number;
  /** 0–100. */
  slowPercentage: number;
  /** 0–100: share of responses with status 500 and above. */
  serverErrorPercentage: number;
}

export interface EndpointFigures {
  endpoint: string;
  requests: number;
  errors: number;
  averageMs: number;
  maxMs: number;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function emptyBucket(minute: number): MinuteBucket {
  return {
    minute,
    requests: 0,
    errors: 0,
    serverErrors: 0,
    signedOutChecks: 0,
    slow: 0,
    totalMs: 0,
    latencies: new Uint32Array(BUCKET_COUNT),
  };
}

/**
 * Request timing over a rolling window of one-minute buckets (a ring, so recording never
 * allocates once a minute's bucket exists), plus totals since start and per endpoint.
 */
export class RequestMetrics {
  readonly startedAt: number;
  private readonly ring: MinuteBucket[];
  private readonly endpoints = new Map<string, EndpointTotals>();
  totalRequests = 0;
  totalErrors = 0;
  totalSlow = 0;
  private totalMs = 0;

  constructor(private readonly now: () => number = Date.now) {
    this.startedAt = now();
    this.ring = Array.from({ length: ROLLING_WINDOW_MINUTES }, () => emptyBucket(-1));
  }

  record(request: CompletedRequest): void {
    const at = request.at ?? this.now();
    const minute = Math.floor(at / MINUTE_MS);
    const bucket = this.ring[minute % ROLLING_WINDOW_MINUTES]!;
    if (bucket.minute !== minute) {
      bucket.minute = minute;
      bucket.requests = bucket.errors = bucket.serverErrors = bucket.signedOutChecks = 0;
      bucket.slow = bucket.totalMs = 0;
      bucket.latencies.fill(0);
    }
    const isError = request.statusCode >= 400 && !request.isSignedOutCheck;
    const isSlow = request.durationMs > SLOW_REQUEST_MS;
    bucket.requests++;
    bucket.totalMs += request.durationMs;
    bucket.latencies[bucketIndex(request.durationMs)]!++;
    if (isError) bucket.errors++;
    if (request.statusCode >= 500 && !request.isNotServerFault) bucket.serverErrors++;
    if (request.isSignedOutCheck) bucket.signedOutChecks++;
    if (isSlow) bucket.slow++;

    this.totalRequests++;
    this.totalMs += request.durationMs;
    if (isError) this.totalErrors++;
    if (isSlow) this.totalSlow++;
    this.recordEndpoint(request.endpoint, request.durationMs, isError);
  }

  private recordEndpoint(endpoint: string, durationMs: number, isError: boolean): void {
    let totals = this.endpoints.get(endpoint);
    if (!totals) {
      const key = this.endpoints.size >= MAX_TRACKED_ENDPOINTS ? 'other' : endpoint;
      totals = this.endpoints.get(key) ?? { requests: 0, errors: 0, totalMs: 0, maxMs: 0 };
      this.endpoints.set(key, totals);
    }
    totals.requests++;
    totals.totalMs += durationMs;
    if (durationMs > totals.maxMs) totals.maxMs = durationMs;
    if (isError) totals.errors++;
  }

  private bucketsWithin(windowMinutes: number, at: number): MinuteBucket[] {
    const current = Math.floor(at / MINUTE_MS);
    const oldest = current - Math.min(windowMinutes, ROLLING_WINDOW_MINUTES) + 1;
    return this.ring.filter((bucket) => bucket.minute >= oldest && bucket.minute <= current);
  }

  /** Figures over the last `windowMinutes` minutes (the current, partial minute included). */
  snapshot(windowMinutes: number, at = this.now()): RequestWindowSnapshot {
    const buckets = this.bucketsWithin(windowMinutes, at);
    let requests = 0;
    let errors = 0;
    let serverErrors = 0;
    let signedOutChecks = 0;
    let slow = 0;
    let totalMs = 0;
    for (const bucket of buckets) {
      requests += bucket.requests;
      errors += bucket.errors;
      serverErrors += bucket.serverErrors;
      signedOutChecks += bucket.signedOutChecks;
      slow += bucket.slow;
      totalMs += bucket.totalMs;
    }
    // A young process has not lived through the whole window yet.
    const coveredMs = Math.min(windowMinutes * MINUTE_MS, Math.max(at - this.startedAt, 1_000));
    const minutes = coveredMs / MINUTE_MS;
    const latencies = buckets.map((bucket) => bucket.latencies);
    return {
      windowMinutes,
      requests,
      errors,
      serverErrors,
      signedOutChecks,
      slowRequests: slow,
      averageMs: requests === 0 ? 0 : round(totalMs / requests),
      p50Ms: round(histogramQuantile(latencies, 0.5)),
      p95Ms: round(histogramQuantile(latencies, 0.95)),
      p99Ms: round(histogramQuantile(latencies, 0.99)),
      requestsPerSecond: round(requests / (coveredMs / 1000)),
      requestsPerMinute: round(requests / minutes),
      errorsPerMinute: round(errors / minutes),
      serverErrorsPerMinute: round(serverErrors / minutes),
      slowPercentage: requests === 0 ? 0 : round((slow / requests) * 100),
      serverErrorPercentage: requests === 0 ? 0 : round((serverErrors / requests) * 100),
    };
  }

  /** One row per minute of the window, oldest first, minutes without requests included. */
  perMinute(windowMinutes: number, at = this.now()): MinuteFigures[] {
    const current = Math.floor(at / MINUTE_MS);
    const byMinute = new Map(this.bucketsWithin(windowMinutes, at).map((bucket) => [bucket.minute, bucket]));
    const rows: MinuteFigures[] = [];
    for (
      let minute = current - Math.min(windowMinutes, ROLLING_WINDOW_MINUTES) + 1;
      minute <= current;
      minute++
    ) {
      const bucket = byMinute.get(minute);
      rows.push({
        minuteStart: new Date(minute * MINUTE_MS),
        requests: bucket?.requests ?? 0,
        errors: bucket?.errors ?? 0,
        serverErrors: bucket?.serverErrors ?? 0,
        averageMs: bucket && bucket.requests > 0 ? round(bucket.totalMs / bucket.requests) : 0,
      });
    }
    return rows;
  }

  /** Average over every request since start. */
  get averageMsSinceStart(): number {
    return this.totalRequests === 0 ? 0 : round(this.totalMs / this.totalRequests);
  }

  /** The slowest endpoints by average time. */
  slowestEndpoints(limit: number): EndpointFigures[] {
    return [...this.endpoints]
      .map(([endpoint, totals]) => ({
        endpoint,
        requests: totals.requests,
        errors: totals.errors,
        averageMs: round(totals.totalMs / totals.requests),
        maxMs: round(totals.maxMs),
      }))
      .sort((a, b) => b.averageMs - a.averageMs)
      .slice(0, limit);
  }
}
