import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { AXIS_COLOR, CHART_MARGIN, seriesColor } from './chart-theme.js';
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
  width,
  height,
  color,
}: {
  data: BarDatum[];
  width: number;
  height: number;
  color: string;
}) {
  const innerWidth = Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right);
  const innerHeight = Math.max(0, height - CHART_MARGIN.top - CHART_MARGIN.bottom);
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
  const maxTicks = Math.max(2, Math.floor(innerWidth / X_LABEL_WIDTH_PX));
  const step = Math.max(1, Math.ceil(data.length / maxTicks));
  return (
    <svg width={width} height={height} aria-hidden="true" focusable="false">
      <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
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
          tickValues={data.filter((_, i) => i % step === 0).map((d) => d.label)}
          stroke={AXIS_COLOR}
          tickStroke={AXIS_COLOR}
          tickLabelProps={{ fill: AXIS_COLOR, fontSize: 11, textAnchor: 'middle' }}
        />
      </Group>
    </svg>
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
      <div style={{ height }}>
        <ParentSize>
          {({ width }) =>
            width > 0 ? <Plot data={data} width={width} height={height} color={color} /> : null
          }
        </ParentSize>
      </div>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <tbody>
          {data.map((d, i) => (
            <tr key={`${d.label}-${i}`}>
              <th scope="row">{d.label}</th>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
