/** Series colors with AA contrast on the dark card background. */
export const SERIES_COLORS = ['#3ddc97', '#7cc4ff', '#ffc857', '#ff6b6b', '#c39bff', '#ff9f6b'] as const;
export const AXIS_COLOR = '#a9b7d0';
export const GRID_COLOR = '#2a3a5c';
export const CHART_MARGIN = { top: 12, right: 16, bottom: 36, left: 44 } as const;

export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length]!;
}
