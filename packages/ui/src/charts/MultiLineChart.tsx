import { AxisBottom, AxisLeft } from '@visx/axis';
import { curveMonotoneX } from '@visx/curve';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { AXIS_COLOR, CHART_MARGIN, GRID_COLOR, seriesColor } from './chart-theme.js';
import './charts.css';

export interface LineSeries {
  name: string;
  /** One value per x label, in the order of `xLabels`; null where the series has no value. */
  values: Array<number | null>;
}

export interface MultiLineChartProps {
  /** Names the chart for screen readers (e.g. "PPR points per week"). */
  label: string;
  xLabels: string[];
  series: LineSeries[];
  height?: number;
  emptyText?: string;
  /** Header of the x column in the screen-reader table. */
  xTitle?: string;
}

interface PlotProps {
  xLabels: string[];
  series: LineSeries[];
  width: number;
  height: number;
}

function Plot({ xLabels, series, width, height }: PlotProps) {
  const innerWidth = Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const innerHeight = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
  const xScale = scalePoint<string>({ domain: xLabels, range: [0, innerWidth], padding: 0.3 });
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const yScale = scaleLinear<number>({
    domain: [Math.min(0, ...values), Math.max(1, ...values)],
    range: [innerHeight, 0],
    nice: true,
  });
  return (
    <svg width={width} height={height} aria-hidden="true" focusable="false">
      <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
        {yScale.ticks(4).map((tick) => (
          <line
            key={tick}
            x1={0}
            x2={innerWidth}
            y1={yScale(tick)}
            y2={yScale(tick)}
            stroke={GRID_COLOR}
            strokeDasharray="3 3"
          />
        ))}
        {series.map((s, index) => {
          const points = xLabels.flatMap((x, i) => (s.values[i] == null ? [] : [{ x, y: s.values[i]! }]));
          const color = seriesColor(index);
          return (
            <Group key={s.name}>
              <LinePath
                data={points}
                x={(d) => xScale(d.x) ?? 0}
                y={(d) => yScale(d.y)}
                stroke={color}
                strokeWidth={2.5}
                curve={curveMonotoneX}
              />
              {points.map((d) => (
                <circle key={d.x} cx={xScale(d.x) ?? 0} cy={yScale(d.y)} r={3.5} fill={color} />
              ))}
            </Group>
          );
        })}
        <AxisLeft
          scale={yScale}
          numTicks={4}
          stroke={AXIS_COLOR}
          tickStroke={AXIS_COLOR}
          tickLabelProps={{ fill: AXIS_COLOR, fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }}
        />
        <AxisBottom
          top={innerHeight}
          scale={xScale}
          stroke={AXIS_COLOR}
          tickStroke={AXIS_COLOR}
          tickLabelProps={{ fill: AXIS_COLOR, fontSize: 11, textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
}

/** Several series over the same x labels (e.g. players' points per week), with a legend and a screen-reader table. */
export function MultiLineChart({
  label,
  xLabels,
  series,
  height = 250,
  emptyText = 'No data available',
  xTitle = '',
}: MultiLineChartProps) {
  const hasValues = series.some((s) => s.values.some((v) => v !== null));
  if (xLabels.length === 0 || !hasValues) return <p className="chart-empty">{emptyText}</p>;
  return (
    <figure className="chart" role="group" aria-label={label}>
      <ul className="chart-legend chart-legend--inline" aria-hidden="true">
        {series.map((s, index) => (
          <li key={s.name}>
            <span className="chart-legend__swatch" style={{ background: seriesColor(index) }} />
            {s.name}
          </li>
        ))}
      </ul>
      <div style={{ height }}>
        <ParentSize>
          {({ width }) =>
            width > 0 ? <Plot xLabels={xLabels} series={series} width={width} height={height} /> : null
          }
        </ParentSize>
      </div>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{xTitle}</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {xLabels.map((x, i) => (
            <tr key={x}>
              <th scope="row">{x}</th>
              {series.map((s) => (
                <td key={s.name}>{s.values[i] ?? '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
