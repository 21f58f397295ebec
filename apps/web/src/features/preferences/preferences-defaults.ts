import type { ScoringFormat } from '@fm/projections/scoring-formats';
/**
 * The shape and defaults of the local preferences: one browser storage key holds
 * every field below. Bump PREFERENCES_VERSION when the shape changes and teach
 * `migratePreferences` the step.
 */
export const PREFERENCES_STORAGE_KEY = 'fm_preferences';
export const PREFERENCES_VERSION = 2;
/** Only the most recent ones are kept. */
export const MAX_FAVORITE_PLAYERS = 20;
export const MAX_RECENT_SEARCHES = 10;

export const DASHBOARD_WIDGET_IDS = [
  'kpi-cards',
  'trend-chart',
  'heat-map',
  'radar-chart',
  'performance-distribution',
  'matchup-difficulty',
] as const;
export type DashboardWidgetId = (typeof DASHBOARD_WIDGET_IDS)[number];

export const LINEUP_SLOTS = ['QB', 'RB', 'WR', 'TE', 'FLEX', 'DST', 'K'] as const;
export type LineupSlot = (typeof LINEUP_SLOTS)[number];

export type InjuryStatusFilter = 'all' | 'healthy' | 'questionable' | 'out';
export type ChartType = 'trend' | 'bar' | 'radar' | 'heat-map';
export type ColorScheme = 'default' | 'high-contrast' | 'colorblind';
/** The saved scoring, in the one vocabulary of the formats (older spellings are migrated on read). */
export type ScoringType = ScoringFormat;

export interface PlayerFilters {
  positions: string[];
  teams: string[];
  injuryStatus: InjuryStatusFilter;
  minSnaps: number;
}

export interface DeviceCapabilities {
  hardwareConcurrency: number | null;
  /** GB, as the browser rounds it (Chromium only). */
  deviceMemory: number | null;
  /** Mean time between animation frames during the probe. */
  averageFrameMs: number | null;
  isLowEnd: boolean;
  checkedAt: number;
}

/** The user's per-effect choices that win over the computed motion state. */
export interface MotionOverrides {
  animations?: boolean;
  transitions?: boolean;
  enhancedCards?: boolean;
}

export interface MotionPreferences {
  /** The user's own Reduce Motion switch. */
  reducedMotion: boolean;
  /** May a slow device switch reduced motion on by itself? */
  autoOptimize: boolean;
  /** The user chose explicitly, so auto-optimization leaves the setting alone. */
  userOverride: boolean;
  bannerDismissed: boolean;
  bannerDismissedAt: number | null;
  lastOptimizationCheck: number | null;
  deviceCapabilities: DeviceCapabilities | null;
  autoOptimizationApplied: boolean;
  autoOptimizationReason: string | null;
  manualOverrides: MotionOverrides;
}

export interface FavoritePlayer {
  id: string;
  name: string;
  position: string;
  team: string;
  /** ISO timestamp. */
  addedAt: string;
}

export interface SavedFilter {
  name: string;
  filters: PlayerFilters;
  createdAt: string;
  lastUsed: string | null;
}

export interface Preferences {
  version: number;
  favoriteMetrics: string[];
  defaultFilters: PlayerFilters;
  chartPreferences: {
    defaultChartType: ChartType;
    showPercentiles: boolean;
    showLeagueAverages: boolean;
    colorScheme: ColorScheme;
  };
  dashboardLayout: {
    widgets: Record<DashboardWidgetId, { position: number; visible: boolean }>;
    columns: number;
    compactMode: boolean;
  };
  leagueSettings: {
    scoringType: ScoringType;
    rosterSize: number;
    startingLineup: Record<LineupSlot, number>;
    playoffWeeks: number[];
  };
  notificationSettings: {
    injuryAlerts: boolean;
    breakoutAlerts: boolean;
    waiversAlerts: boolean;
    gameTimeAlerts: boolean;
    pushNotifications: boolean;
  };
  motionPreferences: MotionPreferences;
  favoriteTeams: string[];
  favoritePlayers: FavoritePlayer[];
  recentSearches: string[];
  savedFilters: SavedFilter[];
}

export const DEFAULT_MOTION_PREFERENCES: MotionPreferences = {
  reducedMotion: false,
  autoOptimize: true,
  userOverride: false,
  bannerDismissed: false,
  bannerDismissedAt: null,
  lastOptimizationCheck: null,
  deviceCapabilities: null,
  autoOptimizationApplied: false,
  autoOptimizationReason: null,
  manualOverrides: {},
};

/** A fresh copy every call, so nobody can mutate the defaults. */
export function defaultPreferences(): Preferences {
  return {
    version: PREFERENCES_VERSION,
    favoriteMetrics: ['wopr', 'yprr', 'targetShare'],
    defaultFilters: { positions: [], teams: [], injuryStatus: 'all', minSnaps: 0 },
    chartPreferences: {
      defaultChartType: 'trend',
      showPercentiles: true,
      showLeagueAverages: true,
      colorScheme: 'default',
    },
    dashboardLayout: {
      widgets: Object.fromEntries(
        DASHBOARD_WIDGET_IDS.map((id, position) => [id, { position, visible: true }]),
      ) as Record<DashboardWidgetId, { position: number; visible: boolean }>,
      columns: 2,
      compactMode: false,
    },
    leagueSettings: {
      scoringType: 'ppr',
      rosterSize: 16,
      startingLineup: { QB: 1, RB: 2, WR: 2, TE: 1, FLEX: 1, DST: 1, K: 1 },
      playoffWeeks: [15, 16, 17],
    },
    notificationSettings: {
      injuryAlerts: true,
      breakoutAlerts: true,
      waiversAlerts: true,
      gameTimeAlerts: true,
      pushNotifications: false,
    },
    motionPreferences: { ...DEFAULT_MOTION_PREFERENCES, manualOverrides: {} },
    favoriteTeams: [],
    favoritePlayers: [],
    recentSearches: [],
    savedFilters: [],
  };
}
