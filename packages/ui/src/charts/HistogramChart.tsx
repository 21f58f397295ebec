import { scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { type PlotSize, ResponsivePlot, ScreenReaderTable, XAxis, xTickCount, YAxis } from './chart-parts.js';
import { AXIS_COLOR, seriesColor } from './chart-theme.js';
import './charts.css';

export interface HistogramSeries {
  name: string;
  /** One count per bin of the chart's `binEdges`. */
  counts: number[];
  color?: string;
}

export interface HistogramChartProps {
  label: string;
  /** bins + 1 ascending edges, shared by every series. */
  binEdges: number[];
  series: HistogramSeries[];
  height?: number;
  /** Draws a vertical reference line at this value (e.g. 0 on a margin chart). */
  markerAt?: number;
  formatValue?: (value: number) => string;
  emptyText?: string;
}

/** Overlaid series are drawn translucent so both stay readable where they overlap. */
const OVERLAY_OPACITY = 0.6;
/** Room one x label needs, so labels never overlap. */
const X_LABEL_WIDTH_PX = 70;

function shares(counts: number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return counts.map((count) => (total === 0 ? 0 : count / total));
}

function Plot({
  binEdges,
  series,
  markerAt,
  formatValue,
  innerWidth,
  innerHeight,
}: Required<Pick<HistogramChartProps, 'binEdges' | 'series' | 'formatValue'>> & {
  markerAt: number | undefined;
} & PlotSize) {
  const normalized = series.map((s) => shares(s.counts));
  const xScale = scaleLinear<number>({
    domain: [binEdges[0]!, binEdges[binEdges.length - 1]!],
    range: [0, innerWidth],
  });
  const yScale = scaleLinear<number>({
    domain: [0, Math.max(0.01, ...normalized.flat())],
    range: [innerHeight, 0],
    nice: true,
  });
  return (
    <>
      {normalized.map((values, s) =>
        values.map((value, bin) => {
          const x0 = xScale(binEdges[bin]!);
          const x1 = xScale(binEdges[bin + 1]!);
          return (
            <Bar
              key={`${s}-${bin}`}
              x={x0}
              y={yScale(value)}
              width={Math.max(0, x1 - x0 - 1)}
              height={innerHeight - yScale(value)}
              fill={series[s]!.color ?? seriesColor(s)}
              fillOpacity={series.length > 1 ? OVERLAY_OPACITY : 1}
            />
          );
        }),
      )}
      {markerAt !== undefined && markerAt >= binEdges[0]! && markerAt <= binEdges[binEdges.length - 1]! && (
        <Line
          from={{ x: xScale(markerAt), y: 0 }}
          to={{ x: xScale(markerAt), y: innerHeight }}
          stroke={AXIS_COLOR}
          strokeDasharray="4 3"
        />
      )}
      <YAxis scale={yScale} tickFormat={(value) => `${Math.round(Number(value) * 100)}%`} />
      <XAxis
        top={innerHeight}
        scale={xScale}
        numTicks={xTickCount(innerWidth, X_LABEL_WIDTH_PX)}
        tickFormat={(value) => formatValue(Number(value))}
      />
    </>
  );
}

/**
 * Distributions over shared bins (e.g. simulated scores of two teams), each series scaled to
 * shares of its total, with a legend and a screen-reader table of the shares.
 */
export function HistogramChart({
  label,
  binEdges,
  series,
  height = 220,
  markerAt,
  formatValue = (value) => String(Math.round(value)),
  emptyText = 'No data available',
}: HistogramChartProps) {
  const bins = binEdges.length - 1;
  const isEmpty =
    bins < 1 || series.length === 0 || series.every((s) => s.counts.every((count) => count === 0));
  if (isEmpty) return <p className="chart-empty">{emptyText}</p>;
  const tableShares = series.map((s) => shares(s.counts));
  return (
    <figure className="chart" role="group" aria-label={label}>
      {series.length > 1 && (
        <ul className="chart-legend chart-legend--inline">
          {series.map((s, i) => (
            <li key={s.name}>
              <span
                className="chart-legend__swatch"
                style={{ background: s.color ?? seriesColor(i) }}
                aria-hidden="true"
              />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <ResponsivePlot height={height}>
        {(size) => (
          <Plot binEdges={binEdges} series={series} markerAt={markerAt} formatValue={formatValue} {...size} />
        )}
      </ResponsivePlot>
      <ScreenReaderTable
        caption={label}
        columns={['Range', ...series.map((s) => s.name)]}
        rows={Array.from({ length: bins }, (_, bin) => ({
          key: bin,
          header: (
            <>
              {formatValue(binEdges[bin]!)} to {formatValue(binEdges[bin + 1]!)}
            </>
          ),
          cells: tableShares.map((values) => `${(values[bin]! * 100).toFixed(1)}%`),
        }))}
      />
    </figure>
  );
}
