import type { ResourceReport } from './admin-types';
import { formatBytes, formatNumber } from './format';

function Meter({ label, percent, detail }: { label: string; percent: number; detail: string }) {
  const band = percent < 50 ? 'good' : percent < 75 ? 'warning' : 'critical';
  return (
    <div className="meter">
      <div className="meter__head">
        <span>{label}</span>
        <span>
          {formatNumber(percent)}% · {detail}
        </span>
      </div>
      <div
        className="meter__track"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <div className={`meter__fill meter__fill--${band}`} style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
    </div>
  );
}

/** Resource usage: memory, CPU, uptime, disk and recommendations. */
export function ResourceUsage({ report }: { report: ResourceReport | undefined }) {
  if (!report) return <p className="chart-empty">No resource data available</p>;
  const { memory, cpu, uptime, disk } = report;
  return (
    <div className="admin-section__body">
      <div className="card-grid card-grid--2">
        <div className="card">
          <h3>Memory</h3>
          <Meter
            label="System memory"
            percent={memory.system.usagePercentage}
            detail={`${formatBytes(memory.system.used)} of ${formatBytes(memory.system.total)}`}
          />
          <Meter
            label="Heap"
            percent={memory.heap.usagePercentage}
            detail={`${formatBytes(memory.heap.used)} of ${formatBytes(memory.heap.total)}`}
          />
          <dl className="facts">
            <dt>RSS</dt>
            <dd>{formatBytes(memory.rss)}</dd>
            <dt>External</dt>
            <dd>{formatBytes(memory.external)}</dd>
          </dl>
        </div>
        <div className="card">
          <h3>CPU, uptime and disk</h3>
          <Meter label="CPU load (1 min)" percent={cpu.loadPercentage} detail={`${cpu.cpuCount} cores`} />
          <Meter label="Disk" percent={disk.usagePercentage} detail={`${formatBytes(disk.available)} free`} />
          <dl className="facts">
            <dt>CPU cores</dt>
            <dd>{cpu.cpuCount}</dd>
            <dt>Load average (1/5/15 min)</dt>
            <dd>{cpu.loadAverage.map((value) => formatNumber(value)).join(' / ')}</dd>
            <dt>Process uptime</dt>
            <dd>{uptime.processFormatted}</dd>
            <dt>System uptime</dt>
            <dd>{uptime.systemFormatted}</dd>
            <dt>Disk status</dt>
            <dd>{disk.status}</dd>
          </dl>
        </div>
      </div>
      <h3>Recommendations</h3>
      {report.recommendations.length === 0 ? (
        <p className="muted">Resources are within normal limits.</p>
      ) : (
        <ul className="recommendation-list">
          {report.recommendations.map((rec, index) => (
            <li
              key={`${rec.type}-${index}`}
              className={`card recommendation recommendation--${rec.priority}`}
            >
              <p>
                <strong>{rec.type}</strong> · {rec.priority} priority
              </p>
              <p>{rec.message}</p>
              <p className="muted">{rec.action}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
