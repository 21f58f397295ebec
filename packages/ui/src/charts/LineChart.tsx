import { AxisBottom, AxisLeft } from '@visx/axis';
import { curveMonotoneX } from '@visx/curve';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { AXIS_COLOR, CHART_MARGIN, GRID_COLOR, seriesColor } from './chart-theme.js';
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

/** At most this many x labels fit under a chart. */
/** Room one x label needs, so labels never overlap. */
const X_LABEL_WIDTH_PX = 70;

function Plot({
  data,
  width,
  height,
  color,
  formatX,
}: Required<Omit<LineChartProps, 'label' | 'emptyText'>> & { width: number }) {
  const innerWidth = Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const innerHeight = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
  const xScale = scalePoint<string>({ domain: data.map((d) => d.x), range: [0, innerWidth] });
  const maxY = Math.max(1, ...data.map((d) => d.y));
  const yScale = scaleLinear<number>({ domain: [0, maxY], range: [innerHeight, 0], nice: true });
  const maxTicks = Math.max(2, Math.floor(innerWidth / X_LABEL_WIDTH_PX));
  const step = Math.max(1, Math.ceil(data.length / maxTicks));
  const tickValues = data.filter((_, i) => i % step === 0).map((d) => d.x);
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
          tickValues={tickValues}
          tickFormat={(x) => formatX(String(x))}
          stroke={AXIS_COLOR}
          tickStroke={AXIS_COLOR}
          tickLabelProps={{ fill: AXIS_COLOR, fontSize: 11, textAnchor: 'middle' }}
        />
      </Group>
    </svg>
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
      <div style={{ height }}>
        <ParentSize>
          {({ width }) =>
            width > 0 ? (
              <Plot data={data} width={width} height={height} color={color} formatX={formatX} />
            ) : null
          }
        </ParentSize>
      </div>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.x}>
              <th scope="row">{d.x}</th>
              <td>{d.y}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
