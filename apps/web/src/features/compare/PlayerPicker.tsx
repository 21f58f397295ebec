import { useId, useMemo, useState } from 'react';
import { useFavoritePlayers, useRecentSearches } from '../preferences/use-preferences';
import { MAX_COMPARED } from './compare-params';
import { searchPlayers, type PlayerSuggestion } from './player-search';
import { usePlayerDirectory } from './use-player-directory';

interface Props {
  selectedIds: string[];
  onAdd(player: PlayerSuggestion): void;
}

/** Search the player directory (or pick a favourite / recent search) to add a player to the comparison. */
export function PlayerPicker({ selectedIds, onAdd }: Props) {
  const id = useId();
  const directory = usePlayerDirectory();
  const { favoritePlayers } = useFavoritePlayers();
  const { recentSearches, addRecentSearch } = useRecentSearches();
  const [text, setText] = useState('');
  const isFull = selectedIds.length >= MAX_COMPARED;
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const suggestions = useMemo(
    () => (directory.data ? searchPlayers(directory.data.players, text, selected) : []),
    [directory.data, text, selected],
  );
  const favorites = favoritePlayers.filter((player) => !selected.has(player.id));

  const add = (player: PlayerSuggestion) => {
    if (text.trim().length >= 2) addRecentSearch(text);
    setText('');
    onAdd(player);
  };

  return (
    <div className="player-picker">
      <div className="field">
        <label htmlFor={`${id}-search`}>Add a player</label>
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          disabled={isFull}
          placeholder={isFull ? `Up to ${MAX_COMPARED} players` : 'Type a name, e.g. Josh Allen'}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <span id={`${id}-hint`} className="field__hint">
          {directory.isPending
            ? 'Loading the player list…'
            : directory.data?.source === 'empty'
              ? 'The player list could not be loaded. Try again later.'
              : `Pick 2 to ${MAX_COMPARED} players.`}
        </span>
      </div>
      {text.trim() && !isFull && (
        <ul className="player-picker__suggestions" aria-label="Matching players">
          {suggestions.length === 0 && (
            <li className="player-picker__none">No player matches “{text.trim()}”.</li>
          )}
          {suggestions.map((player) => (
            <li key={player.id}>
              <button type="button" onClick={() => add(player)}>
                {player.name}{' '}
                <span className="player-picker__meta">
                  {player.position} · {player.team}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {!text.trim() && !isFull && (favorites.length > 0 || recentSearches.length > 0) && (
        <div className="player-picker__quick">
          {favorites.length > 0 && (
            <div>
              <span className="player-picker__label">Favourites</span>
              {favorites.map((player) => (
                <button key={player.id} type="button" className="chip" onClick={() => add(player)}>
                  ★ {player.name}
                </button>
              ))}
            </div>
          )}
          {recentSearches.length > 0 && (
            <div>
              <span className="player-picker__label">Recent searches</span>
              {recentSearches.map((term) => (
                <button key={term} type="button" className="chip" onClick={() => setText(term)}>
                  {term}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
