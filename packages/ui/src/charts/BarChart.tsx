import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import {
  type PlotSize,
  ResponsivePlot,
  ScreenReaderTable,
  thinTickValues,
  XAxis,
  YAxis,
} from './chart-parts.js';
import { seriesColor } from './chart-theme.js';
import './charts.css';

export interface BarDatum {
  label: string;
  value: number;
}

export interface BarChartProps {
  label: string;
  data: BarDatum[];
  height?: number;
  color?: string;
  emptyText?: string;
}

/** Room one x label needs, so labels never overlap. */
const X_LABEL_WIDTH_PX = 44;

function Plot({
  data,
  color,
  innerWidth,
  innerHeight,
}: {
  data: BarDatum[];
  color: string;
} & PlotSize) {
  const xScale = scaleBand<string>({
    domain: data.map((d) => d.label),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const yScale = scaleLinear<number>({
    domain: [0, Math.max(1, ...data.map((d) => d.value))],
    range: [innerHeight, 0],
    nice: true,
  });
  const tickValues = thinTickValues(
    data.map((d) => d.label),
    innerWidth,
    X_LABEL_WIDTH_PX,
  );
  return (
    <>
      {data.map((d, i) => {
        const barHeight = innerHeight - yScale(d.value);
        return (
          <Bar
            key={`${d.label}-${i}`}
            x={xScale(d.label) ?? 0}
            y={innerHeight - barHeight}
            width={xScale.bandwidth()}
            height={barHeight}
            fill={color}
            rx={2}
          />
        );
      })}
      <YAxis scale={yScale} />
      <XAxis top={innerHeight} scale={xScale} tickValues={tickValues} />
    </>
  );
}

/** A responsive bar chart with a screen-reader table of its values. */
export function BarChart({
  label,
  data,
  height = 200,
  color = seriesColor(1),
  emptyText = 'No data available',
}: BarChartProps) {
  if (data.length === 0) return <p className="chart-empty">{emptyText}</p>;
  return (
    <figure className="chart" role="group" aria-label={label}>
      <ResponsivePlot height={height}>
        {(size) => <Plot data={data} color={color} {...size} />}
      </ResponsivePlot>
      <ScreenReaderTable
        caption={label}
        rows={data.map((d, i) => ({ key: `${d.label}-${i}`, header: d.label, cells: [d.value] }))}
      />
    </figure>
  );
}
