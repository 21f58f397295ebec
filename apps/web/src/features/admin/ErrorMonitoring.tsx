import { BarChart, LineChart, PieChart } from '@fm/ui';
import type { ErrorReport } from './admin-types';
import { formatDateTime, formatNumber } from './format';
import { StatCard } from './StatCard';

const NO_ERROR_DATA = 'No error data available';

const timeOfDay = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** Error monitoring: totals, trend, categories, errors by hour, recent and frequent errors, indicators. */
export function ErrorMonitoring({ report }: { report: ErrorReport | undefined }) {
  if (!report) return <p className="chart-empty">{NO_ERROR_DATA}</p>;
  const { summary } = report;
  const hasTrend = report.trends.some((point) => point.count > 0);
  const hasHours = report.errorFrequency.some((point) => point.count > 0);
  return (
    <div className="admin-section__body">
      <div className="stat-grid stat-grid--3">
        <StatCard label={`Errors (last ${summary.windowHours} h)`} value={summary.totalErrors} />
        {/* A count of every kind of error, named apart from the health page's server error rate. */}
        <StatCard
          label="Errors (last hour)"
          value={summary.lastHourErrors}
          hint={`${formatNumber(summary.overallErrorRate)} / min, every kind (sign-in, validation, server…)`}
        />
        <StatCard label="Uptime" value={summary.uptimeFormatted} />
      </div>
      <div className="chart-grid">
        <div className="card">
          <h3>Errors in the last hour</h3>
          <LineChart
            label="Errors per 5 minutes, last hour"
            data={hasTrend ? report.trends.map((point) => ({ x: point.timestamp, y: point.count })) : []}
            formatX={timeOfDay}
            height={200}
            emptyText={NO_ERROR_DATA}
          />
        </div>
        <div className="card">
          <h3>By category</h3>
          <PieChart
            label="Errors by category"
            data={Object.entries(summary.errorsByCategory).map(([label, value]) => ({ label, value }))}
            size={150}
            emptyText={NO_ERROR_DATA}
          />
        </div>
        <div className="card">
          <h3>Errors by hour</h3>
          <BarChart
            label="Errors per hour, last 24 hours"
            data={
              hasHours
                ? report.errorFrequency.map((point) => ({ label: point.label, value: point.count }))
                : []
            }
            height={200}
            emptyText={NO_ERROR_DATA}
          />
        </div>
      </div>
      {report.criticalIndicators.length > 0 && (
        <ul className="indicator-list" aria-label="Critical indicators">
          {report.criticalIndicators.map((indicator) => (
            <li key={indicator.type} className={`indicator indicator--${indicator.severity}`}>
              <strong>{indicator.severity}</strong> {indicator.message}
            </li>
          ))}
        </ul>
      )}
      <div className="card-grid card-grid--2">
        <div className="card">
          <h3>Recent errors</h3>
          {report.recentErrors.length === 0 ? (
            <p className="muted">{NO_ERROR_DATA}</p>
          ) : (
            <ol className="error-list">
              {report.recentErrors.map((error, index) => (
                <li key={`${error.timestamp}-${index}`}>
                  <span className="error-list__meta">
                    {error.type} · {error.statusCode} ·{' '}
                    <time dateTime={error.timestamp}>{formatDateTime(error.timestamp)}</time>
                  </span>
                  <span>{error.message}</span>
                  <code>{error.endpoint}</code>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div className="card">
          <h3>Most frequent errors</h3>
          {report.topErrors.length === 0 ? (
            <p className="muted">{NO_ERROR_DATA}</p>
          ) : (
            <ol className="error-list">
              {report.topErrors.map((error) => (
                <li key={`${error.endpoint}-${error.message}`}>
                  <span className="error-list__meta">
                    {error.count}× · last {formatDateTime(error.lastOccurred)}
                  </span>
                  <span>{error.message}</span>
                  <code>{error.endpoint}</code>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </div>
  );
}
