import { useQuery } from '@tanstack/react-query';
import { Banner, LineChart, seriesColor, Spinner } from '@fm/ui';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { formatNumber, shortDay } from './format';
import { DEFAULT_CHART_DAYS, RangeControl, type ChartRange } from './RangeControl';
import { StatCard } from './StatCard';

const CHARTS = [
  { key: 'newUsers', title: 'New Users' },
  { key: 'simulations', title: 'Simulations Run' },
  { key: 'activeUsers', title: 'Daily Active Users' },
] as const;

/** /admin: totals and three charts over a chosen range. */
export default function AdminOverviewPage() {
  const [range, setRange] = useState<ChartRange>({ days: DEFAULT_CHART_DAYS });
  const metrics = useQuery(trpc.admin.metrics.queryOptions());
  const chart = useQuery({
    ...trpc.admin.chartData.queryOptions(range),
    placeholderData: (previous) => previous,
  });
  const rows = chart.data?.data ?? [];

  return (
    <section className="admin-page">
      <h1>Admin Overview</h1>
      {metrics.isError && <Banner tone="error">Failed to load admin metrics.</Banner>}
      <div className="stat-grid">
        <StatCard label="Total Users" value={metrics.data ? metrics.data.data.totalUsers : '…'} />
        <StatCard label="Total Simulations" value={metrics.data ? metrics.data.data.totalSimulations : '…'} />
        <StatCard
          label="Avg. Sims / Day"
          value={metrics.data ? formatNumber(metrics.data.data.avgSimulationsPerDay) : '…'}
        />
      </div>

      <div className="admin-toolbar">
        <h2>Activity over time</h2>
        <RangeControl value={range} onChange={setRange} />
      </div>
      {chart.isError && <Banner tone="error">Failed to load chart data.</Banner>}
      {chart.isPending ? (
        <Spinner label="Loading charts…" />
      ) : (
        <div className="chart-grid">
          {CHARTS.map((series, index) => (
            <div className="card" key={series.key}>
              <h3>{series.title}</h3>
              <LineChart
                label={`${series.title} per day`}
                data={rows.map((row) => ({ x: row.date, y: row[series.key] }))}
                color={seriesColor(index)}
                formatX={shortDay}
                height={250}
              />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
