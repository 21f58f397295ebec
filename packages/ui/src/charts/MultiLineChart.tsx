import { curveMonotoneX } from '@visx/curve';
import { Group } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { ChartGrid, type PlotSize, ResponsivePlot, ScreenReaderTable, XAxis, YAxis } from './chart-parts.js';
import { seriesColor } from './chart-theme.js';
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

/** The plot itself (lines, dots, axes), for a given inner size. */
export function MultiLinePlot({
  xLabels,
  series,
  innerWidth,
  innerHeight,
}: Pick<MultiLineChartProps, 'xLabels' | 'series'> & PlotSize) {
  const xScale = scalePoint<string>({ domain: xLabels, range: [0, innerWidth], padding: 0.3 });
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const yScale = scaleLinear<number>({
    domain: [Math.min(0, ...values), Math.max(1, ...values)],
    range: [innerHeight, 0],
    nice: true,
  });
  return (
    <>
      <ChartGrid yScale={yScale} innerWidth={innerWidth} />
      {series.map((s, index) => {
        // Every x is kept and the line is undefined where a value is missing, so it breaks at a
        // week the player did not play instead of joining the weeks either side.
        const all = xLabels.map((x, i) => ({ x, y: s.values[i] ?? null }));
        const points = all.filter((d): d is { x: string; y: number } => d.y !== null);
        const color = seriesColor(index);
        return (
          <Group key={s.name}>
            <LinePath
              data={all}
              defined={(d) => d.y !== null}
              x={(d) => xScale(d.x) ?? 0}
              y={(d) => yScale(d.y ?? 0)}
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
      <YAxis scale={yScale} />
      <XAxis top={innerHeight} scale={xScale} />
    </>
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
      <ResponsivePlot height={height}>
        {(size) => <MultiLinePlot xLabels={xLabels} series={series} {...size} />}
      </ResponsivePlot>
      <ScreenReaderTable
        caption={label}
        columns={[xTitle, ...series.map((s) => s.name)]}
        rows={xLabels.map((x, i) => ({ key: x, header: x, cells: series.map((s) => s.values[i] ?? '—') }))}
      />
    </figure>
  );
}
