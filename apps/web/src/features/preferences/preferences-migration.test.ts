import { describe, expect, it } from 'vitest';
import { defaultPreferences, PREFERENCES_VERSION } from './preferences-defaults';
import { migratePreferences } from './preferences-migration';

const NOW = new Date('2025-09-01T12:00:00.000Z');

describe('preference defaults', () => {
  it('holds every field with the listed defaults', () => {
    const d = defaultPreferences();
    expect(d.favoriteMetrics).toEqual(['wopr', 'yprr', 'targetShare']);
    expect(d.defaultFilters).toEqual({ positions: [], teams: [], injuryStatus: 'all', minSnaps: 0 });
    expect(d.chartPreferences.defaultChartType).toBe('trend');
    expect(Object.keys(d.chartPreferences).sort()).toEqual([
      'colorScheme',
      'defaultChartType',
      'showLeagueAverages',
      'showPercentiles',
    ]);
    expect(Object.keys(d.dashboardLayout.widgets)).toEqual([
      'kpi-cards',
      'trend-chart',
      'heat-map',
      'radar-chart',
      'performance-distribution',
      'matchup-difficulty',
    ]);
    expect(d.dashboardLayout.widgets['heat-map']).toEqual({ position: 2, visible: true });
    expect(d.dashboardLayout.columns).toBe(2);
    expect(d.dashboardLayout.compactMode).toBe(false);
    expect(d.leagueSettings).toEqual({
      scoringType: 'ppr',
      rosterSize: 16,
      startingLineup: { QB: 1, RB: 2, WR: 2, TE: 1, FLEX: 1, DST: 1, K: 1 },
      playoffWeeks: [15, 16, 17],
    });
    expect(Object.keys(d.notificationSettings).sort()).toEqual([
      'breakoutAlerts',
      'gameTimeAlerts',
      'injuryAlerts',
      'pushNotifications',
      'waiversAlerts',
    ]);
    expect(Object.keys(d.motionPreferences).sort()).toEqual([
      'autoOptimizationApplied',
      'autoOptimizationReason',
      'autoOptimize',
      'bannerDismissed',
      'bannerDismissedAt',
      'deviceCapabilities',
      'lastOptimizationCheck',
      'manualOverrides',
      'reducedMotion',
      'userOverride',
    ]);
    expect(d.motionPreferences.reducedMotion).toBe(false);
    expect(d).toMatchObject({ favoriteTeams: [], favoritePlayers: [], recentSearches: [], savedFilters: [] });
  });

  it('gives a fresh copy each time', () => {
    const a = defaultPreferences();
    a.favoriteMetrics.push('epa');
    a.leagueSettings.playoffWeeks.push(18);
    expect(defaultPreferences().favoriteMetrics).toEqual(['wopr', 'yprr', 'targetShare']);
    expect(defaultPreferences().leagueSettings.playoffWeeks).toEqual([15, 16, 17]);
  });
});

describe('migratePreferences', () => {
  it('answers the defaults for nothing, junk or a non-object', () => {
    for (const stored of [undefined, null, 42, 'text', [1, 2]]) {
      expect(migratePreferences(stored, NOW)).toEqual(defaultPreferences());
    }
  });

  it('fills a partial object from the defaults and keeps what is valid', () => {
    const migrated = migratePreferences(
      {
        favoriteMetrics: ['epa'],
        leagueSettings: { scoringType: 'half-ppr', startingLineup: { QB: 2 } },
        motionPreferences: { reducedMotion: true },
      },
      NOW,
    );
    expect(migrated.version).toBe(PREFERENCES_VERSION);
    expect(migrated.favoriteMetrics).toEqual(['epa']);
    // the older spelling is rewritten to the one vocabulary
    expect(migrated.leagueSettings.scoringType).toBe('half');
    expect(migrated.leagueSettings.startingLineup).toEqual({
      QB: 2,
      RB: 2,
      WR: 2,
      TE: 1,
      FLEX: 1,
      DST: 1,
      K: 1,
    });
    expect(migrated.leagueSettings.rosterSize).toBe(16);
    expect(migrated.motionPreferences.reducedMotion).toBe(true);
    expect(migrated.motionPreferences.autoOptimize).toBe(true);
    expect(migrated.chartPreferences).toEqual(defaultPreferences().chartPreferences);
  });

  it('replaces values of the wrong type or out of range with the defaults, and drops unknown fields', () => {
    const migrated = migratePreferences(
      {
        defaultFilters: { injuryStatus: 'sleepy', minSnaps: -4, positions: ['WR', 7] },
        dashboardLayout: { columns: 'two', compactMode: 'yes' },
        chartPreferences: { defaultChartType: 'pie' },
        motionPreferences: { reducedMotion: 'true', manualOverrides: { animations: false, wobble: true } },
        secretField: 'x',
      },
      NOW,
    );
    expect(migrated.defaultFilters).toEqual({
      positions: ['WR'],
      teams: [],
      injuryStatus: 'all',
      minSnaps: 0,
    });
    expect(migrated.dashboardLayout.columns).toBe(2);
    expect(migrated.dashboardLayout.compactMode).toBe(false);
    expect(migrated.chartPreferences.defaultChartType).toBe('trend');
    expect(migrated.motionPreferences.reducedMotion).toBe(false);
    expect(migrated.motionPreferences.manualOverrides).toEqual({ animations: false });
    expect(migrated).not.toHaveProperty('secretField');
  });

  it('upgrades version 1: bare favorite ids and a list of widgets', () => {
    const migrated = migratePreferences(
      {
        favoritePlayers: [
          '4046',
          {
            id: 6794,
            name: 'Justin Jefferson',
            position: 'WR',
            team: 'MIN',
            addedAt: '2024-10-01T00:00:00.000Z',
          },
          '4046',
        ],
        dashboardLayout: { widgets: [{ id: 'heat-map', position: 0, visible: false }], columns: 3 },
      },
      NOW,
    );
    expect(migrated.favoritePlayers).toEqual([
      { id: '4046', name: '4046', position: '', team: '', addedAt: NOW.toISOString() },
      {
        id: '6794',
        name: 'Justin Jefferson',
        position: 'WR',
        team: 'MIN',
        addedAt: '2024-10-01T00:00:00.000Z',
      },
    ]);
    expect(migrated.dashboardLayout.widgets['heat-map']).toEqual({ position: 0, visible: false });
    expect(migrated.dashboardLayout.widgets['kpi-cards']).toEqual({ position: 0, visible: true });
    expect(migrated.dashboardLayout.columns).toBe(3);
  });

  it('keeps only 20 favorite players and 10 recent searches', () => {
    const migrated = migratePreferences(
      {
        favoritePlayers: Array.from({ length: 30 }, (_, i) => ({ id: `p${i}`, name: `P ${i}` })),
        recentSearches: Array.from({ length: 15 }, (_, i) => `search ${i}`),
      },
      NOW,
    );
    expect(migrated.favoritePlayers).toHaveLength(20);
    expect(migrated.favoritePlayers[0]!.id).toBe('p0');
    expect(migrated.recentSearches).toHaveLength(10);
    expect(migrated.recentSearches[9]).toBe('search 9');
  });

  it('keeps a valid device check and saved filters, and drops malformed ones', () => {
    const migrated = migratePreferences(
      {
        motionPreferences: {
          deviceCapabilities: {
            hardwareConcurrency: 8,
            deviceMemory: 8,
            averageFrameMs: 16.7,
            isLowEnd: false,
            checkedAt: 1000,
          },
          lastOptimizationCheck: 1000,
        },
        savedFilters: [
          { name: 'Rookie WRs', filters: { positions: ['WR'] }, createdAt: '2025-08-01T00:00:00.000Z' },
          { filters: {} },
        ],
      },
      NOW,
    );
    expect(migrated.motionPreferences.deviceCapabilities).toEqual({
      hardwareConcurrency: 8,
      deviceMemory: 8,
      averageFrameMs: 16.7,
      isLowEnd: false,
      checkedAt: 1000,
    });
    expect(migrated.savedFilters).toEqual([
      {
        name: 'Rookie WRs',
        filters: { positions: ['WR'], teams: [], injuryStatus: 'all', minSnaps: 0 },
        createdAt: '2025-08-01T00:00:00.000Z',
        lastUsed: null,
      },
    ]);
    expect(
      migratePreferences({ motionPreferences: { deviceCapabilities: { isLowEnd: 'no' } } }).motionPreferences
        .deviceCapabilities,
    ).toBeNull();
  });
});
