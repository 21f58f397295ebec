import { describe, expect, it } from 'vitest';
import { evaluateAlertRules, type AlertSignals } from './alert-rules.js';
import { resourceBand, responseTimeBand, worstStatus } from './health-bands.js';
import { bucketIndex, histogramQuantile, BUCKET_COUNT } from './latency-histogram.js';
import { classifyError, endpointLabel, readErrorBody } from './request-labels.js';
import { RequestMetrics } from './request-metrics.js';
import { formatDuration } from '@fm/contract';
import { parseProjectionCsv } from '../services/data-management/projection-csv.js';

describe('request metrics', () => {
  it('reads percentiles within 5 % and forgets minutes that left the window', () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const metrics = new RequestMetrics(() => now);
    now += 10 * 60_000;
    for (let ms = 1; ms <= 1000; ms++)
      metrics.record({ endpoint: 'GET /a', statusCode: ms % 100 === 0 ? 500 : 200, durationMs: ms });
    const window = metrics.snapshot(5);
    expect(window.requests).toBe(1000);
    expect(window.serverErrors).toBe(10);
    expect(window.slowRequests).toBe(500);
    expect(window.p95Ms).toBeGreaterThan(950 * 0.95);
    expect(window.p95Ms).toBeLessThan(950 * 1.05);
    expect(window.p50Ms).toBeGreaterThan(500 * 0.95);
    expect(window.p50Ms).toBeLessThan(500 * 1.05);
    expect(window.averageMs).toBeCloseTo(500.5, 1);
    now += 6 * 60_000;
    expect(metrics.snapshot(5).requests).toBe(0);
    expect(metrics.totalRequests).toBe(1000);
    expect(metrics.perMinute(10)).toHaveLength(10);
  });

  it('bucket edges are monotonic and empty histograms read 0', () => {
    expect(bucketIndex(0)).toBe(0);
    expect(bucketIndex(1e9)).toBe(BUCKET_COUNT - 1);
    expect(bucketIndex(10)).toBeLessThan(bucketIndex(11));
    expect(histogramQuantile([new Uint32Array(BUCKET_COUNT)], 0.95)).toBe(0);
  });
});

describe('error labels', () => {
  it('groups ids in endpoints and drops the query', () => {
    expect(endpointLabel('DELETE', '/api/admin/users/0b3c7a4e-1f2d-4c5b-9a8e-7d6c5b4a3f21?x=1')).toBe(
      'DELETE /api/admin/users/:id',
    );
    expect(endpointLabel('GET', '/api/projections/qb')).toBe('GET /api/projections/qb');
  });
  it('classifies by status and code', () => {
    expect(classifyError(500, 'DATABASE_ERROR')).toBe('DATABASE_ERROR');
    expect(classifyError(503, 'DATABASE_UNAVAILABLE')).toBe('DATABASE_ERROR');
    expect(classifyError(500, 'INTERNAL_ERROR')).toBe('SERVER_ERROR');
    expect(classifyError(401, 'INVALID_CREDENTIALS')).toBe('AUTHENTICATION_ERROR');
    expect(classifyError(403, 'CSRF_INVALID')).toBe('AUTHENTICATION_ERROR');
    expect(classifyError(400, 'VALIDATION_ERROR')).toBe('VALIDATION_ERROR');
    expect(classifyError(404, 'NOT_FOUND')).toBe('CLIENT_ERROR');
    expect(classifyError(429, 'RATE_LIMITED')).toBe('CLIENT_ERROR');
  });
  it('reads the app code from REST and tRPC bodies', () => {
    expect(readErrorBody(JSON.stringify({ code: 'NOT_FOUND', message: 'No such path' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such path',
    });
    expect(
      readErrorBody(
        JSON.stringify({ code: 'BAD_REQUEST', message: 'm', data: { appCode: 'VALIDATION_ERROR' } }),
      ).code,
    ).toBe('VALIDATION_ERROR');
    expect(
      readErrorBody(JSON.stringify([{ error: { message: 'x', data: { appCode: 'FORBIDDEN' } } }])),
    ).toEqual({ code: 'FORBIDDEN', message: 'x' });
    expect(readErrorBody('<html>')).toEqual({ code: undefined, message: undefined });
  });
});

describe('health bands', () => {
  it('bands response time and resources', () => {
    expect([99, 100, 299, 300, 499, 500].map(responseTimeBand)).toEqual([
      'excellent',
      'good',
      'good',
      'fair',
      'fair',
      'poor',
    ]);
    expect([49, 50, 74, 75].map(resourceBand)).toEqual(['good', 'warning', 'warning', 'critical']);
    expect(worstStatus(['healthy', 'unknown', 'warning'])).toBe('warning');
    expect(worstStatus(['unknown'])).toBe('unknown');
    expect(formatDuration(93_784)).toBe('1d 2h 3m');
    expect(formatDuration(42)).toBe('42s');
  });
});

describe('alert rules', () => {
  const quiet: AlertSignals = {
    requests: new RequestMetrics().snapshot(5),
    postgres: {
      isSampled: true,
      isUp: true,
      lastLatencyMs: 1,
      averageLatencyMs: 1,
      lastError: null,
      lastCheckedAt: new Date(),
      failedPings: 0,
      samples: 1,
    },
    systemMemoryPercent: 40,
    disk: { path: '/', total: 100e9, available: 50e9, used: 50e9, usagePercentage: 50 },
    failedLogins: 0,
  };
  it('is silent on a healthy system', () => {
    expect(evaluateAlertRules(quiet)).toEqual([]);
  });
  it('names each condition past its threshold', () => {
    const conditions = evaluateAlertRules({
      ...quiet,
      postgres: { ...quiet.postgres, isUp: false, lastError: 'connection refused' },
      systemMemoryPercent: 86,
      disk: { path: '/', total: 100e9, available: 0.5e9, used: 99.5e9, usagePercentage: 99.5 },
      failedLogins: 10,
    });
    expect(conditions.map((c) => c.type)).toEqual([
      'database_down',
      'high_memory_usage',
      'low_disk_space',
      'failed_login_burst',
    ]);
    expect(conditions[0]!.message).toContain('connection refused');
    expect(evaluateAlertRules({ ...quiet, systemMemoryPercent: 85, failedLogins: 9 })).toEqual([]);
  });
});

describe('projection CSV', () => {
  it('defaults the season to the current NFL season and normalizes codes', () => {
    const parsed = parseProjectionCsv(
      'Player_Name,Position,Team,Week,Pred_Mean,Pred_Std\nJosh Allen,qb,buf,1,24.1,6',
      new Date('2026-11-22'),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]).toMatchObject({
      player_name: 'Josh Allen',
      position: 'QB',
      team: 'BUF',
      season: 2026,
      week: 1,
    });
    const dst = parseProjectionCsv(
      'player_name,position,team,week,pred_mean,pred_std\nBills,DST,BUF,1,8,4',
      new Date('2026-03-01'),
    );
    expect(dst.rows[0]).toMatchObject({ position: 'DEF', season: 2025 });
  });
});

describe('projection CSV problems in plain words', () => {
  const header = 'player_name,position,team,week,pred_mean,pred_std';

  it('names the row where a quote is never closed instead of blaming an empty position', () => {
    const parsed = parseProjectionCsv(
      `${header}\nJosh Allen,QB,BUF,1,24.1,6\n"Patrick Mahomes,QB,KC,1,22,5\nBijan Robinson,RB,ATL,1,18,6\n`,
    );
    expect(parsed.rows.map((row) => row.player_name)).toEqual(['Josh Allen']);
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]!.error.startsWith('Row 3: a quote (") opens a value that is never closed')).toBe(
      true,
    );
    expect(parsed.errors[0]!.error).not.toMatch(/position/);
  });

  it('says a header-only file has no data rows', () => {
    const parsed = parseProjectionCsv(`${header}\n`);
    expect(parsed.fileError).toBe('The CSV has a header row but no data rows: there is nothing to import.');
    expect(parsed.totalRows).toBe(0);
  });
});
