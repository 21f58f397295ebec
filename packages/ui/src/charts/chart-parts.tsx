import { AxisBottom, AxisLeft, type AxisScale, type SharedAxisProps } from '@visx/axis';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import type { scaleLinear } from '@visx/scale';
import type { Key, ReactNode } from 'react';
import { AXIS_COLOR, CHART_MARGIN, GRID_COLOR } from './chart-theme.js';

/** The grid has a line at every tick of the y axis. */
const Y_TICKS = 4;

export interface PlotSize {
  /** The plot area inside CHART_MARGIN, where the marks are drawn. */
  innerWidth: number;
  innerHeight: number;
}

/**
 * Fills its container's width at a fixed height and gives `children` the plot area, already
 * offset by the margin. The SVG is hidden from screen readers: each chart has a table instead.
 */
export function ResponsivePlot({
  height,
  children,
}: {
  height: number;
  children: (size: PlotSize) => ReactNode;
}) {
  return (
    <div style={{ height }}>
      <ParentSize>
        {({ width }) =>
          width > 0 ? (
            <svg width={width} height={height} aria-hidden="true" focusable="false">
              <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
                {children({
                  innerWidth: Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right),
                  innerHeight: Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom),
                })}
              </Group>
            </svg>
          ) : null
        }
      </ParentSize>
    </div>
  );
}

/** Dashed horizontal lines across the plot at the y axis' ticks. */
export function ChartGrid({
  yScale,
  innerWidth,
}: {
  yScale: ReturnType<typeof scaleLinear<number>>;
  innerWidth: number;
}) {
  return yScale
    .ticks(Y_TICKS)
    .map((tick) => (
      <line
        key={tick}
        x1={0}
        x2={innerWidth}
        y1={yScale(tick)}
        y2={yScale(tick)}
        stroke={GRID_COLOR}
        strokeDasharray="3 3"
      />
    ));
}

export function YAxis<Scale extends AxisScale>(props: Pick<SharedAxisProps<Scale>, 'scale' | 'tickFormat'>) {
  return (
    <AxisLeft
      {...props}
      numTicks={Y_TICKS}
      stroke={AXIS_COLOR}
      tickStroke={AXIS_COLOR}
      tickLabelProps={{ fill: AXIS_COLOR, fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }}
    />
  );
}

/** `top` is the plot's inner height, so the axis sits under the plot. */
export function XAxis<Scale extends AxisScale>(
  props: Pick<SharedAxisProps<Scale>, 'scale' | 'top' | 'tickValues' | 'numTicks' | 'tickFormat'>,
) {
  return (
    <AxisBottom
      {...props}
      stroke={AXIS_COLOR}
      tickStroke={AXIS_COLOR}
      tickLabelProps={{ fill: AXIS_COLOR, fontSize: 11, textAnchor: 'middle' }}
    />
  );
}

/** How many x labels `labelWidth` px wide fit side by side in `width` (at least 2). */
export function xTickCount(width: number, labelWidth: number): number {
  return Math.max(2, Math.floor(width / labelWidth));
}

/** Every n-th value, n chosen so that their labels do not overlap. */
export function thinTickValues<T>(values: T[], width: number, labelWidth: number): T[] {
  const step = Math.max(1, Math.ceil(values.length / xTickCount(width, labelWidth)));
  return values.filter((_, i) => i % step === 0);
}

export interface TableRow {
  key: Key;
  /** The row's header cell (the x label). */
  header: ReactNode;
  cells: ReactNode[];
}

/** The chart's data for screen readers; `columns` (with the header column's title first) is optional. */
export function ScreenReaderTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns?: string[];
  rows: TableRow[];
}) {
  // The wrapper does the hiding (a clipped 1 px box): a table grows to fit its cells whatever width it
  // is given, so a hidden wide table would still widen a phone's page.
  return (
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        {columns && (
          <thead>
            <tr>
              {columns.map((column, i) => (
                <th key={i} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.header}</th>
              {row.cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
