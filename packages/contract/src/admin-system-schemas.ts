import { ERROR_CATEGORIES } from './error-categories.js';
import { z } from 'zod';

/** Response shapes of /admin/system/* (health, API metrics, error log, resources). */

const healthStatusSchema = z.enum(['healthy', 'warning', 'critical', 'unhealthy', 'unknown']);
const resourceBandSchema = z.enum(['good', 'warning', 'critical']);
const errorCategorySchema = z.enum(ERROR_CATEGORIES);
const countsByCategorySchema = z.record(errorCategorySchema, z.number().int());

const warningSchema = z.object({ type: z.string(), message: z.string() });

const databaseHealthSchema = z.object({
  status: healthStatusSchema,
  isConfigured: z.boolean(),
  responseTime: z.number().nullable(),
  averageResponseTime: z.number().nullable(),
  error: z.string().nullable(),
  connectionStats: z.object({
    activeQueries: z.number().int(),
    created: z.number().int(),
    errors: z.number().int(),
  }),
  readyState: z.number().int().meta({ description: '0 disconnected, 1 connected, 2 connecting' }),
  lastChecked: z.iso.datetime().nullable(),
  databases: z
    .record(
      z.string(),
      z.object({
        status: healthStatusSchema,
        responseTime: z.number().nullable(),
        error: z.string().nullable(),
      }),
    )
    .optional(),
});

const databasesHealthSchema = z.object({ postgresql: databaseHealthSchema, mongodb: databaseHealthSchema });

/**
 * The last check of our points against the platforms' after a finished week: our scorer on the stored stats with
 * each league's rules against the platform's own per-player points, for the leagues people opened that week.
 */
export const scoringReconciliationSchema = z.object({
  season: z.number().int(),
  week: z.number().int(),
  checked_at: z.iso.datetime(),
  leagues: z.number().int().describe('leagues compared (finished week, opened by someone that week)'),
  players_compared: z.number().int().describe('players with both our points and the platform’s'),
  within_hundredth: z.number().int().describe('of them, how many are within 0.01 points'),
  worst: z
    .array(
      z.object({
        platform: z.string(),
        league_id: z.string(),
        player_id: z.string(),
        name: z.string(),
        position: z.string(),
        ours: z.number(),
        platform_points: z.number(),
        difference: z.number().describe('ours − the platform’s'),
        stats: z.record(z.string(), z.number()).describe('the non-zero stats of our line, by stored column'),
      }),
    )
    .describe('the largest differences over 0.01, largest first'),
  skipped: z
    .array(
      z.object({
        platform: z.string(),
        league_id: z.string(),
        reason: z
          .string()
          .describe('why it was not compared: not read (and why), or its week not final there'),
      }),
    )
    .default([])
    .describe('leagues opened that week that were not compared'),
});

export type ScoringReconciliation = z.infer<typeof scoringReconciliationSchema>;

/** A run of the reconciliation (a background job, one at a time across processes): its progress, then its end. */
export const scoringReconciliationRunSchema = z.object({
  state: z.enum(['running', 'done', 'failed']),
  season: z.number().int(),
  week: z.number().int(),
  trigger: z.enum(['admin', 'automatic']),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
  leagues_total: z.number().int().describe('leagues opened that week, to read'),
  leagues_read: z.number().int().describe('of them, read (or given up on) so far'),
  error: z.string().nullable().describe('why a failed run stopped'),
});

export type ScoringReconciliationRun = z.infer<typeof scoringReconciliationRunSchema>;

export const systemHealthSchema = z.object({
  status: healthStatusSchema,
  timestamp: z.iso.datetime(),
  issues: z.array(z.string()),
  components: z.object({
    performance: z.object({
      status: healthStatusSchema,
      metrics: z.object({
        averageResponseTime: z.number(),
        p95ResponseTime: z.number(),
        cacheHitRate: z.number(),
        requestsPerMinute: z.number(),
      }),
      warnings: z.array(warningSchema),
    }),
    errors: z.object({
      status: z.enum(['healthy', 'warning', 'critical']),
      metrics: z.object({
        errorRate: z
          .number()
          .describe('server errors (5xx) per minute over the window: the one error rate shown'),
        errorsPerMinute: z.number(),
        serverErrors: z.number().int(),
        signedOutChecks: z.number().int(),
      }),
    }),
    processes: z.object({
      status: z.enum(['healthy', 'warning', 'unknown']),
      /** API processes that crashed and exited in the window (null: the event store could not be read). */
      crashes: z.number().int().nullable(),
      windowHours: z.number().int(),
    }),
    cache: z.object({
      status: z.enum(['healthy', 'warning', 'unknown']),
      hitRate: z.number(),
      lookups: z.number().int(),
    }),
    memory: z.object({ status: z.enum(['healthy', 'warning']), usagePercentage: z.number() }),
    dataSync: z
      .object({
        status: z.enum(['healthy', 'warning', 'critical', 'unknown']),
        lastAttemptAt: z.iso.datetime().nullable(),
        lastSuccessAt: z.iso.datetime().nullable(),
        lastError: z.string().nullable(),
        consecutiveFailures: z.number().int(),
      })
      .describe(
        'the live-data sync: warning after a failed run, critical once failures in a row raise an alert; unknown before any run',
      ),
    databases: databasesHealthSchema,
    scoringReconciliation: scoringReconciliationSchema
      .nullable()
      .describe('the last check of our points against the platforms’ (null: none yet)'),
    scoringReconciliationRun: scoringReconciliationRunSchema
      .nullable()
      .describe('the reconciliation running now, or the last run (null: none yet)'),
  }),
  system: z.object({
    uptime: z.number(),
    systemUptime: z.number(),
    nodeVersion: z.string(),
    platform: z.enum([
      'aix',
      'android',
      'cygwin',
      'darwin',
      'freebsd',
      'haiku',
      'linux',
      'netbsd',
      'openbsd',
      'sunos',
      'win32',
    ]),
    databaseKind: z.enum(['pglite', 'postgres']),
    eventStoreKind: z.enum(['postgresql', 'mongodb']),
  }),
});

export const apiMetricsSchema = z.object({
  status: healthStatusSchema,
  timestamp: z.iso.datetime(),
  windowMinutes: z.number().int(),
  metrics: z.object({
    performance: z.object({
      averageResponseTime: z.number(),
      p95ResponseTime: z.number(),
      responseTimeBand: z.enum(['excellent', 'good', 'fair', 'poor']),
      totalQueries: z.number().int(),
      queriesPerSecond: z.number(),
      requestsPerMinute: z.number(),
      errorsPerMinute: z.number(),
      cacheHitRate: z.number(),
      cacheLookups: z.number().int(),
      slowQueries: z.number().int(),
      slowQueryPercentage: z.number(),
      totalRequestsSinceStart: z.number().int(),
    }),
    connections: databasesHealthSchema,
    slowestEndpoints: z.array(
      z.object({
        endpoint: z.string(),
        requests: z.number().int(),
        errors: z.number().int(),
        averageMs: z.number(),
        maxMs: z.number(),
      }),
    ),
    requestsPerMinute: z.array(
      z.object({
        minuteStart: z.iso.datetime(),
        requests: z.number().int(),
        errors: z.number().int(),
        serverErrors: z.number().int(),
        averageMs: z.number(),
      }),
    ),
  }),
  warnings: z.array(warningSchema),
});

export const errorReportSchema = z.object({
  summary: z.object({
    totalErrors: z.number().int(),
    windowHours: z.number(),
    overallErrorRate: z.number(),
    lastHourErrors: z.number().int(),
    uptimeFormatted: z.string(),
    unloggedErrors: z.number().int(),
    errorsByCategory: countsByCategorySchema,
  }),
  trends: z.array(
    z.object({ timestamp: z.iso.datetime(), count: z.number().int(), byType: countsByCategorySchema }),
  ),
  errorFrequency: z.array(
    z.object({ label: z.string(), timestamp: z.iso.datetime(), count: z.number().int() }),
  ),
  recentErrors: z.array(
    z.object({
      type: errorCategorySchema,
      statusCode: z.number().int(),
      timestamp: z.iso.datetime(),
      message: z.string(),
      endpoint: z.string(),
    }),
  ),
  topErrors: z.array(
    z.object({
      message: z.string(),
      endpoint: z.string(),
      count: z.number().int(),
      lastOccurred: z.iso.datetime(),
    }),
  ),
  criticalIndicators: z.array(
    z.object({
      type: z.string(),
      severity: z.enum(['critical', 'high', 'medium', 'low']),
      message: z.string(),
    }),
  ),
});

const memoryFiguresSchema = z.object({
  used: z.number(),
  total: z.number(),
  usagePercentage: z.number(),
  band: resourceBandSchema,
});

export const resourceReportSchema = z.object({
  status: healthStatusSchema,
  timestamp: z.iso.datetime(),
  memory: z.object({
    system: memoryFiguresSchema.extend({ status: z.enum(['healthy', 'warning']) }),
    heap: memoryFiguresSchema,
    rss: z.number(),
    external: z.number(),
  }),
  cpu: z.object({
    cpuCount: z.number().int(),
    loadAverage: z.tuple([z.number(), z.number(), z.number()]),
    loadPercentage: z.number(),
    band: resourceBandSchema,
  }),
  uptime: z.object({
    process: z.number(),
    system: z.number(),
    processFormatted: z.string(),
    systemFormatted: z.string(),
  }),
  disk: z.object({
    path: z.string(),
    total: z.number(),
    available: z.number(),
    used: z.number(),
    usagePercentage: z.number(),
    status: healthStatusSchema,
    band: resourceBandSchema,
  }),
  recommendations: z.array(
    z.object({
      type: z.string(),
      priority: z.enum(['high', 'medium', 'low']),
      message: z.string(),
      action: z.string(),
    }),
  ),
});
