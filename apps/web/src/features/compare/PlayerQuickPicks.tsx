import type { PlayerSuggestion } from './player-search';

interface Props {
  favorites: PlayerSuggestion[];
  recentSearches: string[];
  onAdd(player: PlayerSuggestion): void;
  onSearch(text: string): void;
}

/** Favorite players (one click adds) and recent searches (one click searches again). */
export function PlayerQuickPicks({ favorites, recentSearches, onAdd, onSearch }: Props) {
  if (favorites.length === 0 && recentSearches.length === 0) return null;
  return (
    <div className="player-picker__quick">
      {favorites.length > 0 && (
        <div>
          <span className="player-picker__label">Favorites</span>
          {favorites.map((player) => (
            <button key={player.id} type="button" className="chip" onClick={() => onAdd(player)}>
              ★ {player.name}
            </button>
          ))}
        </div>
      )}
      {recentSearches.length > 0 && (
        <div>
          <span className="player-picker__label">Recent searches</span>
          {recentSearches.map((term) => (
            <button key={term} type="button" className="chip" onClick={() => onSearch(term)}>
              {term}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
