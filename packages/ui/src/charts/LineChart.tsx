import { curveMonotoneX } from '@visx/curve';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import {
  ChartGrid,
  type PlotSize,
  ResponsivePlot,
  ScreenReaderTable,
  thinTickValues,
  XAxis,
  YAxis,
} from './chart-parts.js';
import { seriesColor } from './chart-theme.js';
import './charts.css';

export interface LinePoint {
  /** The x label (a date, a time). */
  x: string;
  y: number;
}

export interface LineChartProps {
  /** Names the chart for screen readers (e.g. "New users per day"). */
  label: string;
  data: LinePoint[];
  height?: number;
  color?: string;
  /** Shown instead of the chart when there is no data. */
  emptyText?: string;
  /** Shortens x labels on the axis (the full label stays in the data table). */
  formatX?: (x: string) => string;
}

/** Room one x label needs, so labels never overlap. */
const X_LABEL_WIDTH_PX = 70;

function Plot({
  data,
  color,
  formatX,
  innerWidth,
  innerHeight,
}: Required<Pick<LineChartProps, 'data' | 'color' | 'formatX'>> & PlotSize) {
  const xScale = scalePoint<string>({ domain: data.map((d) => d.x), range: [0, innerWidth] });
  const maxY = Math.max(1, ...data.map((d) => d.y));
  const yScale = scaleLinear<number>({ domain: [0, maxY], range: [innerHeight, 0], nice: true });
  const tickValues = thinTickValues(
    data.map((d) => d.x),
    innerWidth,
    X_LABEL_WIDTH_PX,
  );
  return (
    <>
      <ChartGrid yScale={yScale} innerWidth={innerWidth} />
      <LinePath
        data={data}
        x={(d) => xScale(d.x) ?? 0}
        y={(d) => yScale(d.y)}
        stroke={color}
        strokeWidth={2.5}
        curve={curveMonotoneX}
      />
      {data.length <= 60 &&
        data.map((d) => <circle key={d.x} cx={xScale(d.x) ?? 0} cy={yScale(d.y)} r={3} fill={color} />)}
      <YAxis scale={yScale} />
      <XAxis top={innerHeight} scale={xScale} tickValues={tickValues} tickFormat={(x) => formatX(x)} />
    </>
  );
}

/** A responsive line chart with a screen-reader table of its points. */
export function LineChart({
  label,
  data,
  height = 250,
  color = seriesColor(0),
  emptyText = 'No data available',
  formatX = (x) => x,
}: LineChartProps) {
  if (data.length === 0) return <p className="chart-empty">{emptyText}</p>;
  return (
    <figure className="chart" role="group" aria-label={label}>
      <ResponsivePlot height={height}>
        {(size) => <Plot data={data} color={color} formatX={formatX} {...size} />}
      </ResponsivePlot>
      <ScreenReaderTable caption={label} rows={data.map((d) => ({ key: d.x, header: d.x, cells: [d.y] }))} />
    </figure>
  );
}
