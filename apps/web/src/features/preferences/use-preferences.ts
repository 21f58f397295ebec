/**
 * Hooks over the local preferences (one localStorage key), for any page:
 *
 * - `usePreferences()` → `{ preferences, updatePreferences(change), resetPreferences() }`.
 * - `useFavoritePlayers()` → `{ favoritePlayers, isFavoritePlayer(id), addFavoritePlayer({id, name, position, team}),
 *   removeFavoritePlayer(id), toggleFavoritePlayer(player) }`: newest first, the latest 20 kept.
 * - `useRecentSearches()` → `{ recentSearches, addRecentSearch(text), removeRecentSearch(text), clearRecentSearches() }`:
 *   newest first, no duplicates (case-insensitive), the latest 10 kept.
 * - `useSavedFilters()` → `{ savedFilters, saveFilter(name, filters), applySavedFilter(name) → filters | null,
 *   deleteSavedFilter(name) }`: saving under an existing name replaces it; using one stamps `lastUsed`.
 *
 * Every tab and component sees the same values; a change is saved at once.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  defaultPreferences,
  MAX_FAVORITE_PLAYERS,
  MAX_RECENT_SEARCHES,
  type FavoritePlayer,
  type PlayerFilters,
  type Preferences,
  type SavedFilter,
} from './preferences-defaults';
import {
  getPreferences,
  resetPreferences,
  subscribePreferences,
  updatePreferences,
} from './preferences-store';

const serverSnapshot = defaultPreferences();

export function usePreferences() {
  const preferences = useSyncExternalStore(subscribePreferences, getPreferences, () => serverSnapshot);
  return { preferences, updatePreferences, resetPreferences };
}

function changeFavorites(change: (list: FavoritePlayer[]) => FavoritePlayer[]) {
  updatePreferences((p) => ({ ...p, favoritePlayers: change(p.favoritePlayers) }));
}

function changeSearches(change: (list: string[]) => string[]) {
  updatePreferences((p) => ({ ...p, recentSearches: change(p.recentSearches) }));
}

function changeSavedFilters(change: (list: SavedFilter[]) => SavedFilter[]) {
  updatePreferences((p: Preferences) => ({ ...p, savedFilters: change(p.savedFilters) }));
}

export type NewFavoritePlayer = Omit<FavoritePlayer, 'addedAt'>;

export function addFavorite(
  list: FavoritePlayer[],
  player: NewFavoritePlayer,
  now = new Date(),
): FavoritePlayer[] {
  const added: FavoritePlayer = { ...player, addedAt: now.toISOString() };
  return [added, ...list.filter((p) => p.id !== player.id)].slice(0, MAX_FAVORITE_PLAYERS);
}

export function useFavoritePlayers() {
  const { preferences } = usePreferences();
  const favoritePlayers = preferences.favoritePlayers;

  const addFavoritePlayer = useCallback(
    (player: NewFavoritePlayer) => changeFavorites((list) => addFavorite(list, player)),
    [],
  );
  const removeFavoritePlayer = useCallback(
    (id: string) => changeFavorites((list) => list.filter((p) => p.id !== id)),
    [],
  );
  const isFavoritePlayer = useCallback(
    (id: string) => favoritePlayers.some((p) => p.id === id),
    [favoritePlayers],
  );
  const toggleFavoritePlayer = useCallback(
    (player: NewFavoritePlayer) =>
      changeFavorites((list) =>
        list.some((p) => p.id === player.id)
          ? list.filter((p) => p.id !== player.id)
          : addFavorite(list, player),
      ),
    [],
  );
  return { favoritePlayers, isFavoritePlayer, addFavoritePlayer, removeFavoritePlayer, toggleFavoritePlayer };
}

export function addSearch(list: string[], text: string): string[] {
  const term = text.trim();
  if (!term) return list;
  return [term, ...list.filter((s) => s.toLowerCase() !== term.toLowerCase())].slice(0, MAX_RECENT_SEARCHES);
}

export function useRecentSearches() {
  const { preferences } = usePreferences();
  return useMemo(
    () => ({
      recentSearches: preferences.recentSearches,
      addRecentSearch: (text: string) => changeSearches((list) => addSearch(list, text)),
      removeRecentSearch: (text: string) => changeSearches((list) => list.filter((s) => s !== text)),
      clearRecentSearches: () => changeSearches(() => []),
    }),
    [preferences.recentSearches],
  );
}

export function useSavedFilters() {
  const { preferences } = usePreferences();
  return useMemo(
    () => ({
      savedFilters: preferences.savedFilters,
      saveFilter: (name: string, filters: PlayerFilters) => {
        const label = name.trim();
        if (!label) return;
        const saved: SavedFilter = {
          name: label,
          filters,
          createdAt: new Date().toISOString(),
          lastUsed: null,
        };
        changeSavedFilters((list) => [...list.filter((f) => f.name !== label), saved]);
      },
      applySavedFilter: (name: string): PlayerFilters | null => {
        const found = getPreferences().savedFilters.find((f) => f.name === name);
        if (!found) return null;
        const lastUsed = new Date().toISOString();
        changeSavedFilters((list) => list.map((f) => (f.name === name ? { ...f, lastUsed } : f)));
        return found.filters;
      },
      deleteSavedFilter: (name: string) => changeSavedFilters((list) => list.filter((f) => f.name !== name)),
    }),
    [preferences.savedFilters],
  );
}
