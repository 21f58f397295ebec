import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { seriesColor } from './chart-theme.js';
import './charts.css';

export interface PieSlice {
  label: string;
  value: number;
}

export interface PieChartProps {
  label: string;
  data: PieSlice[];
  /** Diameter in px. */
  size?: number;
  emptyText?: string;
}

/** A donut chart with a legend; slices of zero are left out. */
export function PieChart({ label, data, size = 200, emptyText = 'No data available' }: PieChartProps) {
  const slices = data.filter((d) => d.value > 0);
  const total = slices.reduce((sum, d) => sum + d.value, 0);
  if (total === 0) return <p className="chart-empty">{emptyText}</p>;
  const radius = size / 2;
  return (
    <figure className="chart chart--pie" role="group" aria-label={label}>
      <svg width={size} height={size} aria-hidden="true" focusable="false">
        <Group top={radius} left={radius}>
          <Pie
            data={slices}
            pieValue={(d) => d.value}
            outerRadius={radius}
            innerRadius={radius * 0.55}
            padAngle={0.01}
          >
            {(pie) =>
              pie.arcs.map((arc, i) => (
                <path key={arc.data.label} d={pie.path(arc) ?? ''} fill={seriesColor(i)} />
              ))
            }
          </Pie>
        </Group>
      </svg>
      <ul className="chart-legend">
        {slices.map((slice, i) => (
          <li key={slice.label}>
            <span
              className="chart-legend__swatch"
              style={{ background: seriesColor(i) }}
              aria-hidden="true"
            />
            {slice.label}: {slice.value} ({Math.round((slice.value / total) * 100)}%)
          </li>
        ))}
      </ul>
    </figure>
  );
}
