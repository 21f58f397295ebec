/** The health bands and thresholds, in one place for the health pages and the alert rules. */

/** Average API response time bands: under 100 excellent, under 300 good, under 500 fair, else poor. */
export const RESPONSE_TIME_BANDS = { excellent: 100, good: 300, fair: 500 } as const;
/** A cache hit rate above this (%) is good. */
export const GOOD_CACHE_HIT_RATE = 80;
/** Cache figures mean little before this many lookups. */
export const MIN_CACHE_LOOKUPS = 20;
/** A slow-request share above this (%) is a warning. */
export const SLOW_PERCENTAGE_WARNING = 10;
/** Resource usage (%) bands: under 50 good, under 75 warning, else critical. */
export const RESOURCE_BANDS = { good: 50, warning: 75 } as const;
/** Memory usage above this (%) is a warning on the health page and raises an alert. */
export const MEMORY_WARNING_PERCENT = 85;
/** Database round trips slower than this (ms) are slow. */
export const SLOW_DATABASE_MS = 250;
/** Disk usage above this (%) or less than this much free space is low. */
export const LOW_DISK_PERCENT = 90;
export const LOW_DISK_BYTES = 1024 ** 3;
/** MongoDB driver-style ready states (1 means Connected). */
export const READY_STATE = { disconnected: 0, connected: 1, connecting: 2 } as const;

export type ResponseTimeBand = 'excellent' | 'good' | 'fair' | 'poor';
export type ResourceBand = 'good' | 'warning' | 'critical';
export type HealthStatus = 'healthy' | 'warning' | 'critical' | 'unhealthy' | 'unknown';

export function responseTimeBand(averageMs: number): ResponseTimeBand {
  if (averageMs < RESPONSE_TIME_BANDS.excellent) return 'excellent';
  if (averageMs < RESPONSE_TIME_BANDS.good) return 'good';
  if (averageMs < RESPONSE_TIME_BANDS.fair) return 'fair';
  return 'poor';
}

export function resourceBand(usagePercentage: number): ResourceBand {
  if (usagePercentage < RESOURCE_BANDS.good) return 'good';
  if (usagePercentage < RESOURCE_BANDS.warning) return 'warning';
  return 'critical';
}

export function isCacheHitRateGood(hitRate: number): boolean {
  return hitRate > GOOD_CACHE_HIT_RATE;
}

const SEVERITY: Record<HealthStatus, number> = {
  healthy: 0,
  unknown: 0,
  warning: 1,
  unhealthy: 2,
  critical: 3,
};

/** The worst of several statuses ('unknown' never outranks a known one). */
export function worstStatus(statuses: HealthStatus[]): HealthStatus {
  const known = statuses.filter((status) => status !== 'unknown');
  if (known.length === 0) return 'unknown';
  return known.reduce(
    (worst, status) => (SEVERITY[status] > SEVERITY[worst] ? status : worst),
    'healthy' as HealthStatus,
  );
}
