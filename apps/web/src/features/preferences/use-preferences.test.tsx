import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PREFERENCES_STORAGE_KEY } from './preferences-defaults';
import { useFavoritePlayers, usePreferences, useRecentSearches, useSavedFilters } from './use-preferences';

const stored = () => JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null');
const player = (i: number) => ({ id: `p${i}`, name: `Player ${i}`, position: 'WR', team: 'KC' });

describe('useFavoritePlayers', () => {
  it('adds newest first, saves at once, and keeps only the latest 20', () => {
    const { result } = renderHook(() => useFavoritePlayers());
    for (let i = 1; i <= 22; i++) act(() => result.current.addFavoritePlayer(player(i)));
    const ids = result.current.favoritePlayers.map((p) => p.id);
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe('p22');
    expect(ids).not.toContain('p1');
    expect(ids).not.toContain('p2');
    expect(stored().favoritePlayers).toHaveLength(20);
    expect(result.current.favoritePlayers[0]!.addedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('toggles, checks and removes a favorite without duplicates', () => {
    const { result } = renderHook(() => useFavoritePlayers());
    act(() => result.current.toggleFavoritePlayer(player(1)));
    act(() => result.current.addFavoritePlayer(player(2)));
    act(() => result.current.addFavoritePlayer(player(1)));
    expect(result.current.favoritePlayers.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(result.current.isFavoritePlayer('p2')).toBe(true);
    act(() => result.current.toggleFavoritePlayer(player(2)));
    expect(result.current.isFavoritePlayer('p2')).toBe(false);
    act(() => result.current.removeFavoritePlayer('p1'));
    expect(stored().favoritePlayers).toEqual([]);
  });
});

describe('useRecentSearches', () => {
  it('keeps the latest 10, newest first, without case-insensitive duplicates or blanks', () => {
    const { result } = renderHook(() => useRecentSearches());
    for (let i = 1; i <= 12; i++) act(() => result.current.addRecentSearch(`term ${i}`));
    act(() => result.current.addRecentSearch('  TERM 5 '));
    act(() => result.current.addRecentSearch('   '));
    expect(result.current.recentSearches).toHaveLength(10);
    expect(result.current.recentSearches.slice(0, 3)).toEqual(['TERM 5', 'term 12', 'term 11']);
    expect(result.current.recentSearches).not.toContain('term 5');
    act(() => result.current.removeRecentSearch('term 12'));
    expect(result.current.recentSearches[1]).toBe('term 11');
    act(() => result.current.clearRecentSearches());
    expect(stored().recentSearches).toEqual([]);
  });
});

describe('useSavedFilters', () => {
  it('saves by name (replacing), applies one while stamping lastUsed, and deletes', () => {
    const { result } = renderHook(() => useSavedFilters());
    const wrs = { positions: ['WR'], teams: [], injuryStatus: 'all' as const, minSnaps: 20 };
    act(() => result.current.saveFilter('Deep WRs', wrs));
    act(() => result.current.saveFilter('Deep WRs', { ...wrs, minSnaps: 30 }));
    expect(result.current.savedFilters).toHaveLength(1);
    expect(result.current.savedFilters[0]!.lastUsed).toBeNull();
    let applied: unknown;
    act(() => {
      applied = result.current.applySavedFilter('Deep WRs');
    });
    expect(applied).toEqual({ ...wrs, minSnaps: 30 });
    expect(result.current.savedFilters[0]!.lastUsed).not.toBeNull();
    expect(result.current.applySavedFilter('Nope')).toBeNull();
    act(() => result.current.deleteSavedFilter('Deep WRs'));
    expect(stored().savedFilters).toEqual([]);
  });
});

describe('usePreferences', () => {
  function FavoriteCount() {
    const { preferences } = usePreferences();
    return <p>{preferences.favoritePlayers.length} favorites</p>;
  }

  it('shares one store between components and follows changes from another tab', () => {
    render(<FavoriteCount />);
    const { result } = renderHook(() => useFavoritePlayers());
    act(() => result.current.addFavoritePlayer(player(1)));
    expect(screen.getByText('1 favorites')).toBeTruthy();

    const fromOtherTab = { ...stored(), favoritePlayers: [] };
    act(() => {
      localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(fromOtherTab));
      window.dispatchEvent(new StorageEvent('storage', { key: PREFERENCES_STORAGE_KEY }));
    });
    expect(screen.getByText('0 favorites')).toBeTruthy();
  });

  it('starts from the defaults when the stored text is unreadable, and resets to them', () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, '{broken');
    const { result } = renderHook(() => usePreferences());
    expect(result.current.preferences.favoriteMetrics).toEqual(['wopr', 'yprr', 'targetShare']);
    act(() => {
      result.current.updatePreferences((p) => ({ ...p, favoriteTeams: ['BUF'] }));
    });
    expect(result.current.preferences.favoriteTeams).toEqual(['BUF']);
    act(() => result.current.resetPreferences());
    expect(stored().favoriteTeams).toEqual([]);
  });
});
