const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** "high_error_rate" → "high error rate": codes are shown with spaces for underscores. */
export function alertTypeLabel(type: string): string {
  return type.replace(/_/g, ' ');
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString();
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString();
}

/** "2026-11-22" → "Nov 22" for chart axes. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Two decimals at most, no trailing zeros. */
export function formatNumber(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value * 100) / 100) : '–';
}

/** 93784 s → "1d 2h 3m": the server's own formatting. */
export { formatDuration as formatUptime } from '@fm/contract';

const KNOWN_STATUSES = new Set(['healthy', 'warning', 'critical']);
/** The status badge shows healthy, warning or critical, anything else as unknown. */
export function statusLabel(status: string | undefined): 'healthy' | 'warning' | 'critical' | 'unknown' {
  return status && KNOWN_STATUSES.has(status) ? (status as 'healthy' | 'warning' | 'critical') : 'unknown';
}
