import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { ChartGrid, type PlotSize, ResponsivePlot, ScreenReaderTable, XAxis, YAxis } from './chart-parts.js';
import { AXIS_COLOR, seriesColor } from './chart-theme.js';
import './charts.css';

export interface WinProbabilityPoint {
  /** Share of the matchup's game time played, 0–1. */
  elapsed: number;
  /** The chance the first side wins, 0–1. */
  probability: number;
  /** Shown in the screen-reader table, e.g. the time the point was recorded. */
  label: string;
}

export interface WinProbabilityTimelineChartProps {
  /** Names the chart for screen readers. */
  label: string;
  /** Whose chance the line shows (e.g. the user's team name). */
  sideName: string;
  points: WinProbabilityPoint[];
  height?: number;
  color?: string;
  emptyText?: string;
}

const percent = (value: number) => `${Math.round(value * 100)}%`;

function Plot({
  points,
  color,
  innerWidth,
  innerHeight,
}: Required<Pick<WinProbabilityTimelineChartProps, 'points' | 'color'>> & PlotSize) {
  const xScale = scaleLinear<number>({ domain: [0, 1], range: [0, innerWidth] });
  const yScale = scaleLinear<number>({ domain: [0, 1], range: [innerHeight, 0] });
  const last = points[points.length - 1]!;
  return (
    <>
      <ChartGrid yScale={yScale} innerWidth={innerWidth} />
      {/* even odds */}
      <line x1={0} x2={innerWidth} y1={yScale(0.5)} y2={yScale(0.5)} stroke={AXIS_COLOR} strokeWidth={1} />
      <LinePath
        data={points}
        x={(d) => xScale(d.elapsed)}
        y={(d) => yScale(d.probability)}
        stroke={color}
        strokeWidth={2.5}
      />
      <circle cx={xScale(last.elapsed)} cy={yScale(last.probability)} r={4} fill={color} />
      <YAxis scale={yScale} tickFormat={(v) => percent(Number(v))} />
      <XAxis
        top={innerHeight}
        scale={xScale}
        numTicks={innerWidth < 320 ? 3 : 5}
        tickFormat={(v) => percent(Number(v))}
      />
    </>
  );
}

/**
 * A win probability over game time (0 % at kickoff, 100 % when every game is over), with the even-odds line, as
 * the big apps draw it; a screen-reader table lists each point.
 */
export function WinProbabilityTimelineChart({
  label,
  sideName,
  points,
  height = 220,
  color = seriesColor(0),
  emptyText = 'No win probability recorded yet.',
}: WinProbabilityTimelineChartProps) {
  if (points.length === 0) return <p className="chart-empty">{emptyText}</p>;
  return (
    <figure className="chart" role="group" aria-label={label}>
      <ResponsivePlot height={height}>
        {(size) => <Plot points={points} color={color} {...size} />}
      </ResponsivePlot>
      <ScreenReaderTable
        caption={label}
        columns={['Recorded', 'Game time played', `${sideName} win probability`]}
        rows={points.map((point, i) => ({
          key: i,
          header: point.label,
          cells: [percent(point.elapsed), percent(point.probability)],
        }))}
      />
    </figure>
  );
}
