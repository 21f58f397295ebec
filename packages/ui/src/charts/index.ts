export { BarChart, type BarChartProps, type BarDatum } from './BarChart.js';
export { HistogramChart, type HistogramChartProps, type HistogramSeries } from './HistogramChart.js';
export { LineChart, type LineChartProps, type LinePoint } from './LineChart.js';
export { PieChart, type PieChartProps, type PieSlice } from './PieChart.js';
export { SERIES_COLORS, seriesColor } from './chart-theme.js';
export { MultiLineChart, type LineSeries, type MultiLineChartProps } from './MultiLineChart.js';
export {
  WinProbabilityTimelineChart,
  type WinProbabilityPoint,
  type WinProbabilityTimelineChartProps,
} from './WinProbabilityTimelineChart.js';
