import { executeRows, type Database, type EventStore } from '@fm/db';
import { sql } from 'drizzle-orm';

/** How often the databases are pinged in the background. */
export const PING_INTERVAL_MS = 10_000;
/** A ping that has not answered after this long counts as failed. */
export const PING_TIMEOUT_MS = 3_000;
/** Latency samples kept per database. */
const SAMPLES_KEPT = 30;

export interface PingSample {
  at: number;
  latencyMs: number | null;
  error: string | null;
}

export interface DatabaseTiming {
  /** False until the first ping has answered or failed. */
  isSampled: boolean;
  isUp: boolean;
  lastLatencyMs: number | null;
  averageLatencyMs: number | null;
  lastError: string | null;
  lastCheckedAt: Date | null;
  failedPings: number;
  samples: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Pings one database now and then and keeps the recent latencies. */
export class PingSampler {
  private readonly samples: PingSample[] = [];
  private failed = 0;

  constructor(private readonly ping: () => Promise<number>) {}

  async sample(now = Date.now()): Promise<PingSample> {
    let sample: PingSample;
    try {
      sample = { at: now, latencyMs: await withTimeout(this.ping(), PING_TIMEOUT_MS), error: null };
    } catch (error) {
      this.failed++;
      sample = { at: now, latencyMs: null, error: error instanceof Error ? error.message : String(error) };
    }
    this.samples.push(sample);
    if (this.samples.length > SAMPLES_KEPT) this.samples.shift();
    return sample;
  }

  timing(): DatabaseTiming {
    const last = this.samples[this.samples.length - 1];
    const latencies = this.samples.map((s) => s.latencyMs).filter((v): v is number => v !== null);
    const average = latencies.length === 0 ? null : latencies.reduce((a, b) => a + b, 0) / latencies.length;
    return {
      isSampled: last !== undefined,
      isUp: last !== undefined && last.error === null,
      lastLatencyMs: last?.latencyMs ?? null,
      averageLatencyMs: average === null ? null : Math.round(average * 100) / 100,
      lastError: last?.error ?? null,
      lastCheckedAt: last ? new Date(last.at) : null,
      failedPings: this.failed,
      samples: this.samples.length,
    };
  }
}

export interface PostgresConnectionStats {
  activeQueries: number;
  /** Connections open to this database (the pool size on the embedded one). */
  created: number;
  errors: number;
  maxConnections: number;
}

/** Live connection figures from pg_stat_activity (the embedded database has one connection). */
export async function readPostgresConnectionStats(
  database: Database,
  failedPings: number,
): Promise<PostgresConnectionStats> {
  const { max } = database.connectionStats();
  if (database.kind === 'pglite')
    return { activeQueries: 0, created: 1, errors: failedPings, maxConnections: max };
  const [row] = await withTimeout(
    executeRows<{ total: string | number; active: string | number }>(
      database.db,
      sql`select count(*) as total, count(*) filter (where state = 'active' and pid <> pg_backend_pid()) as active
          from pg_stat_activity where datname = current_database()`,
    ),
    PING_TIMEOUT_MS,
  );
  return {
    activeQueries: Number(row?.active ?? 0),
    created: Number(row?.total ?? 0),
    errors: failedPings,
    maxConnections: max,
  };
}

/** Samples PostgreSQL, and MongoDB when the event store lives there. */
export class DatabaseMonitor {
  readonly postgres: PingSampler;
  readonly mongo: PingSampler | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly database: Database,
    readonly eventStore: EventStore,
  ) {
    this.postgres = new PingSampler(() => database.ping());
    this.mongo = eventStore.kind === 'mongodb' ? new PingSampler(() => eventStore.ping()) : undefined;
  }

  async sampleAll(now = Date.now()): Promise<void> {
    await Promise.all([this.postgres.sample(now), this.mongo?.sample(now)]);
  }

  start(intervalMs = PING_INTERVAL_MS): void {
    if (this.timer) return;
    void this.sampleAll();
    this.timer = setInterval(() => void this.sampleAll(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** Pings again when the last sample is older than `maxAgeMs` (the health page polls every 5 s). */
export async function ensureFreshSample(
  sampler: PingSampler,
  maxAgeMs: number,
  now = Date.now(),
): Promise<DatabaseTiming> {
  const timing = sampler.timing();
  if (!timing.lastCheckedAt || now - timing.lastCheckedAt.getTime() > maxAgeMs) await sampler.sample(now);
  return sampler.timing();
}
