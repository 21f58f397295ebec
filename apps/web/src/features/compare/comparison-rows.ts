import { formatNumber, formatPercent, formatWhole, type MetricRow } from './ComparisonTable';

type Figures = Record<string, unknown>;

const number = (figures: Figures | undefined, key: string): number | null => {
  const value = figures?.[key];
  return typeof value === 'number' ? value : null;
};

interface Figure {
  /** The name the `favoriteMetrics` preference uses for it. */
  id?: string;
  label: string;
  key: string;
  format?: (value: number) => string;
  better?: 'higher' | 'lower';
}

const SEASON_FIGURES: Figure[] = [
  { label: 'Games', key: 'games', format: formatWhole },
  { label: 'PPR points', key: 'fantasy_points_ppr', better: 'higher' },
  { label: 'Points per game', key: 'points_per_game', better: 'higher' },
  { label: 'Half-PPR points', key: 'fantasy_points_half_ppr', better: 'higher' },
  { label: 'Standard points', key: 'fantasy_points_standard', better: 'higher' },
  { label: 'Passing yards', key: 'pass_yd', format: formatWhole, better: 'higher' },
  { label: 'Passing TDs', key: 'pass_td', format: formatWhole, better: 'higher' },
  { label: 'Interceptions', key: 'pass_int', format: formatWhole, better: 'lower' },
  { label: 'Carries', key: 'carries', format: formatWhole, better: 'higher' },
  { label: 'Rushing yards', key: 'rush_yd', format: formatWhole, better: 'higher' },
  { label: 'Rushing TDs', key: 'rush_td', format: formatWhole, better: 'higher' },
  { label: 'Targets', key: 'targets', format: formatWhole, better: 'higher' },
  { label: 'Receptions', key: 'rec', format: formatWhole, better: 'higher' },
  { label: 'Receiving yards', key: 'rec_yd', format: formatWhole, better: 'higher' },
  { label: 'Receiving TDs', key: 'rec_td', format: formatWhole, better: 'higher' },
  { label: 'Fumbles lost', key: 'fum_lost', format: formatWhole, better: 'lower' },
  { label: 'Field goals made', key: 'fg_made_total', format: formatWhole, better: 'higher' },
];

const ADVANCED_FIGURES: Figure[] = [
  { id: 'targetShare', label: 'Target share', key: 'target_share', format: formatPercent, better: 'higher' },
  { id: 'rushShare', label: 'Rush share', key: 'rush_share', format: formatPercent, better: 'higher' },
  { id: 'touchShare', label: 'Touch share', key: 'touch_share', format: formatPercent, better: 'higher' },
  {
    id: 'redZoneTargetShare',
    label: 'Red-zone target share',
    key: 'red_zone_target_share',
    format: formatPercent,
    better: 'higher',
  },
  {
    id: 'redZoneTouchShare',
    label: 'Red-zone touch share',
    key: 'red_zone_touch_share',
    format: formatPercent,
    better: 'higher',
  },
  { id: 'catchRate', label: 'Catch rate', key: 'catch_rate', format: formatPercent, better: 'higher' },
  {
    id: 'yardsPerTarget',
    label: 'Yards per target',
    key: 'yards_per_target',
    format: formatNumber(2),
    better: 'higher',
  },
  {
    id: 'yardsPerCarry',
    label: 'Yards per carry',
    key: 'yards_per_carry',
    format: formatNumber(2),
    better: 'higher',
  },
  {
    id: 'yardsPerTouch',
    label: 'Yards per touch',
    key: 'yards_per_touch',
    format: formatNumber(2),
    better: 'higher',
  },
  {
    id: 'pointsPerTouch',
    label: 'Points per touch',
    key: 'points_per_touch',
    format: formatNumber(2),
    better: 'higher',
  },
  {
    id: 'pointsPerOpportunity',
    label: 'Points per opportunity',
    key: 'points_per_opportunity',
    format: formatNumber(2),
    better: 'higher',
  },
  {
    id: 'pointsStdDev',
    label: 'Weekly spread (std dev)',
    key: 'points_std_dev',
    format: formatNumber(1),
    better: 'lower',
  },
  {
    id: 'airYardsShare',
    label: 'Air-yards share',
    key: 'air_yards_share',
    format: formatPercent,
    better: 'higher',
  },
  { id: 'adot', label: 'Average depth of target', key: 'average_depth_of_target', format: formatNumber(1) },
  { id: 'wopr', label: 'WOPR', key: 'wopr', format: formatNumber(2), better: 'higher' },
  {
    id: 'yprr',
    label: 'Yards per route run',
    key: 'yards_per_route_run',
    format: formatNumber(2),
    better: 'higher',
  },
  { id: 'snapShare', label: 'Snap share', key: 'snap_share', format: formatPercent, better: 'higher' },
];

function rowsFor(figures: Figure[], perPlayer: Array<Figures | undefined>): MetricRow[] {
  return (
    figures
      .map(({ key, ...figure }) => ({ ...figure, values: perPlayer.map((f) => number(f, key)) }))
      // a figure nobody has (kicking for receivers, air yards without an import) is left out
      .filter((row) => row.values.some((value) => value !== null && value !== 0))
  );
}

/** Season totals per player, with the kicker's field goals summed. */
export function seasonRows(perPlayer: Array<Figures | undefined>): MetricRow[] {
  const withKicking = perPlayer.map((figures) =>
    figures
      ? {
          ...figures,
          fg_made_total: [
            'fg_made_0_19',
            'fg_made_20_29',
            'fg_made_30_39',
            'fg_made_40_49',
            'fg_made_50',
          ].reduce((sum, key) => sum + (number(figures, key) ?? 0), 0),
        }
      : undefined,
  );
  const rows = rowsFor(SEASON_FIGURES, withKicking);
  // games stays even when 0, so a player without a game this season shows as such
  return rows.some((row) => row.label === 'Games')
    ? rows
    : [{ label: 'Games', values: withKicking.map((f) => number(f, 'games')), format: formatWhole }, ...rows];
}

/**
 * Usage and efficiency per player; the user's favorite metrics (the `favoriteMetrics`
 * preference, in its order) lead and are marked.
 */
export function advancedRows(
  perPlayer: Array<Figures | undefined>,
  favoriteMetrics: readonly string[] = [],
): MetricRow[] {
  const rank = (row: MetricRow) => {
    const index = row.id === undefined ? -1 : favoriteMetrics.indexOf(row.id);
    return index === -1 ? favoriteMetrics.length : index;
  };
  return rowsFor(ADVANCED_FIGURES, perPlayer)
    .map((row) => ({ ...row, isFavorite: rank(row) < favoriteMetrics.length }))
    .sort((a, b) => rank(a) - rank(b));
}
