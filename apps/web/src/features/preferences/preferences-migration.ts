import { parseScoringFormat } from '@fm/projections/scoring-formats';
import {
  DASHBOARD_WIDGET_IDS,
  defaultPreferences,
  LINEUP_SLOTS,
  MAX_FAVORITE_PLAYERS,
  MAX_RECENT_SEARCHES,
  PREFERENCES_VERSION,
  type DeviceCapabilities,
  type FavoritePlayer,
  type MotionOverrides,
  type MotionPreferences,
  type PlayerFilters,
  type Preferences,
  type SavedFilter,
} from './preferences-defaults';

/**
 * Turns whatever is stored (an older version, a partial object, a hand-edited file) into the
 * current shape: every known field kept when it has the right type, every other one taken
 * from the defaults, unknown fields dropped.
 *
 * Version 1 (no `version` field) was the first shape: favorite players could be bare ids and
 * dashboard widgets a list of `{id, position, visible}`. Version 2 is `Preferences`.
 */
export function migratePreferences(stored: unknown, now: Date = new Date()): Preferences {
  const defaults = defaultPreferences();
  if (!isRecord(stored)) return defaults;
  const chart = record(stored.chartPreferences);
  const layout = record(stored.dashboardLayout);
  const league = record(stored.leagueSettings);
  const notifications = record(stored.notificationSettings);
  const d = defaults;
  return {
    version: PREFERENCES_VERSION,
    favoriteMetrics: stringList(stored.favoriteMetrics) ?? d.favoriteMetrics,
    defaultFilters: migrateFilters(stored.defaultFilters, d.defaultFilters),
    chartPreferences: {
      defaultChartType: oneOf(
        chart.defaultChartType,
        ['trend', 'bar', 'radar', 'heat-map'],
        d.chartPreferences.defaultChartType,
      ),
      showPercentiles: bool(chart.showPercentiles, d.chartPreferences.showPercentiles),
      showLeagueAverages: bool(chart.showLeagueAverages, d.chartPreferences.showLeagueAverages),
      colorScheme: oneOf(
        chart.colorScheme,
        ['default', 'high-contrast', 'colorblind'],
        d.chartPreferences.colorScheme,
      ),
    },
    dashboardLayout: {
      widgets: migrateWidgets(layout.widgets, d.dashboardLayout.widgets),
      columns: integer(layout.columns, d.dashboardLayout.columns, 1, 4),
      compactMode: bool(layout.compactMode, d.dashboardLayout.compactMode),
    },
    leagueSettings: {
      // older saves spell the formats half-ppr / half_ppr / standard: rewritten to half / std
      scoringType: parseScoringFormat(league.scoringType) ?? d.leagueSettings.scoringType,
      rosterSize: integer(league.rosterSize, d.leagueSettings.rosterSize, 1, 60),
      startingLineup: Object.fromEntries(
        LINEUP_SLOTS.map((slot) => [
          slot,
          integer(record(league.startingLineup)[slot], d.leagueSettings.startingLineup[slot], 0, 10),
        ]),
      ) as Preferences['leagueSettings']['startingLineup'],
      playoffWeeks: numberList(league.playoffWeeks) ?? d.leagueSettings.playoffWeeks,
    },
    notificationSettings: {
      injuryAlerts: bool(notifications.injuryAlerts, d.notificationSettings.injuryAlerts),
      breakoutAlerts: bool(notifications.breakoutAlerts, d.notificationSettings.breakoutAlerts),
      waiversAlerts: bool(notifications.waiversAlerts, d.notificationSettings.waiversAlerts),
      gameTimeAlerts: bool(notifications.gameTimeAlerts, d.notificationSettings.gameTimeAlerts),
      pushNotifications: bool(notifications.pushNotifications, d.notificationSettings.pushNotifications),
    },
    motionPreferences: migrateMotion(stored.motionPreferences, d.motionPreferences),
    favoriteTeams: stringList(stored.favoriteTeams) ?? d.favoriteTeams,
    favoritePlayers: migrateFavoritePlayers(stored.favoritePlayers, now),
    recentSearches: (stringList(stored.recentSearches) ?? []).slice(0, MAX_RECENT_SEARCHES),
    savedFilters: migrateSavedFilters(stored.savedFilters, d.defaultFilters, now),
  };
}

export function migrateMotion(value: unknown, d: MotionPreferences): MotionPreferences {
  const m = record(value);
  return {
    reducedMotion: bool(m.reducedMotion, d.reducedMotion),
    autoOptimize: bool(m.autoOptimize, d.autoOptimize),
    userOverride: bool(m.userOverride, d.userOverride),
    bannerDismissed: bool(m.bannerDismissed, d.bannerDismissed),
    bannerDismissedAt: timestamp(m.bannerDismissedAt),
    lastOptimizationCheck: timestamp(m.lastOptimizationCheck),
    deviceCapabilities: migrateCapabilities(m.deviceCapabilities),
    autoOptimizationApplied: bool(m.autoOptimizationApplied, d.autoOptimizationApplied),
    autoOptimizationReason: typeof m.autoOptimizationReason === 'string' ? m.autoOptimizationReason : null,
    manualOverrides: migrateOverrides(m.manualOverrides),
  };
}

function migrateCapabilities(value: unknown): DeviceCapabilities | null {
  if (!isRecord(value) || typeof value.isLowEnd !== 'boolean') return null;
  const checkedAt = timestamp(value.checkedAt);
  if (checkedAt === null) return null;
  const orNull = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : null);
  return {
    hardwareConcurrency: orNull(value.hardwareConcurrency),
    deviceMemory: orNull(value.deviceMemory),
    averageFrameMs: orNull(value.averageFrameMs),
    isLowEnd: value.isLowEnd,
    checkedAt,
  };
}

function migrateOverrides(value: unknown): MotionOverrides {
  const m = record(value);
  const overrides: MotionOverrides = {};
  for (const key of ['animations', 'transitions', 'enhancedCards'] as const) {
    if (typeof m[key] === 'boolean') overrides[key] = m[key];
  }
  return overrides;
}

function migrateFilters(value: unknown, d: PlayerFilters): PlayerFilters {
  const f = record(value);
  return {
    positions: stringList(f.positions) ?? d.positions,
    teams: stringList(f.teams) ?? d.teams,
    injuryStatus: oneOf(f.injuryStatus, ['all', 'healthy', 'questionable', 'out'], d.injuryStatus),
    minSnaps: integer(f.minSnaps, d.minSnaps, 0, 100),
  };
}

function migrateWidgets(value: unknown, d: Preferences['dashboardLayout']['widgets']) {
  // Version 1 kept widgets as a list.
  const byId: Record<string, unknown> = Array.isArray(value)
    ? Object.fromEntries(value.filter(isRecord).map((w) => [String(w.id), w]))
    : record(value);
  const widgets = { ...d };
  for (const id of DASHBOARD_WIDGET_IDS) {
    const w = record(byId[id]);
    widgets[id] = {
      position: integer(w.position, d[id].position, 0, 99),
      visible: bool(w.visible, d[id].visible),
    };
  }
  return widgets;
}

function migrateFavoritePlayers(value: unknown, now: Date): FavoritePlayer[] {
  if (!Array.isArray(value)) return [];
  const players: FavoritePlayer[] = [];
  for (const item of value) {
    // Version 1 could hold bare player ids.
    const p = typeof item === 'string' ? { id: item } : record(item);
    if (typeof p.id !== 'string' && typeof p.id !== 'number') continue;
    const id = String(p.id);
    if (players.some((existing) => existing.id === id)) continue;
    players.push({
      id,
      name: typeof p.name === 'string' ? p.name : id,
      position: typeof p.position === 'string' ? p.position : '',
      team: typeof p.team === 'string' ? p.team : '',
      addedAt: isoDate(p.addedAt) ?? now.toISOString(),
    });
  }
  return players.slice(0, MAX_FAVORITE_PLAYERS);
}

function migrateSavedFilters(value: unknown, defaults: PlayerFilters, now: Date): SavedFilter[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((f) =>
    typeof f.name === 'string' && f.name.trim()
      ? [
          {
            name: f.name,
            filters: migrateFilters(f.filters, defaults),
            createdAt: isoDate(f.createdAt) ?? now.toISOString(),
            lastUsed: isoDate(f.lastUsed),
          },
        ]
      : [],
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function integer(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : fallback;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}

function numberList(value: unknown): number[] | null {
  return Array.isArray(value)
    ? value.filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
    : null;
}

function timestamp(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function isoDate(value: unknown): string | null {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;
}
