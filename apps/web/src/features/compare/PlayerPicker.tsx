import { useId, useMemo, useState } from 'react';
import { useFavoritePlayers, useRecentSearches } from '../preferences/use-preferences';
import { MAX_COMPARED_PLAYERS } from '@fm/contract';
import { MIN_COMPARED } from './compare-params';
import { searchPlayers, type PlayerSuggestion } from './player-search';
import { PlayerQuickPicks } from './PlayerQuickPicks';
import { usePlayerDirectory } from './use-player-directory';
import { useComboboxKeys } from './use-combobox-keys';

interface Props {
  selectedIds: string[];
  onAdd(player: PlayerSuggestion): void;
}

/**
 * Search the player directory to add a player to the comparison: a WAI-ARIA combobox (arrow
 * keys move through the suggestions, Enter adds the highlighted one, Escape closes the list, then
 * clears the text). With nothing typed, favorites and recent searches are one click away.
 */
export function PlayerPicker({ selectedIds, onAdd }: Props) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const directory = usePlayerDirectory();
  const { favoritePlayers } = useFavoritePlayers();
  const { recentSearches, addRecentSearch } = useRecentSearches();
  const [text, setText] = useState('');
  const [isClosed, setClosed] = useState(false);
  const isFull = selectedIds.length >= MAX_COMPARED_PLAYERS;
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const suggestions = useMemo(
    () => (directory.data ? searchPlayers(directory.data.players, text, selected) : []),
    [directory.data, text, selected],
  );
  const isExpanded = text.trim() !== '' && !isFull && !isClosed;

  const add = (player: PlayerSuggestion) => {
    if (text.trim().length >= 2) addRecentSearch(text);
    setText('');
    onAdd(player);
  };
  const keys = useComboboxKeys({
    count: isExpanded ? suggestions.length : 0,
    isExpanded,
    onChoose: (index) => {
      const player = suggestions[index];
      if (player) add(player);
    },
    onOpen: () => setClosed(false),
    onClose: () => setClosed(true),
    onClear: () => setText(''),
  });
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div className="player-picker">
      <div className="field">
        <label htmlFor={`${id}-search`}>Add a player</label>
        <input
          id={`${id}-search`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listboxId}
          aria-activedescendant={keys.activeIndex >= 0 ? optionId(keys.activeIndex) : undefined}
          value={text}
          disabled={isFull}
          placeholder={isFull ? `Up to ${MAX_COMPARED_PLAYERS} players` : 'Type a name, e.g. Josh Allen'}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            setClosed(false);
            keys.reset();
          }}
          onKeyDown={keys.onKeyDown}
          onBlur={() => keys.reset()}
        />
        <span id={`${id}-hint`} className="field__hint">
          {directory.isPending
            ? 'Loading the player list…'
            : directory.data?.source === 'empty'
              ? 'The player list could not be loaded. Try again later.'
              : `Pick ${MIN_COMPARED} to ${MAX_COMPARED_PLAYERS} players. Use the arrow keys and Enter to choose.`}
        </span>
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Matching players"
        className="player-picker__suggestions"
        hidden={!isExpanded || suggestions.length === 0}
      >
        {isExpanded &&
          suggestions.map((player, index) => (
            <li
              key={player.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === keys.activeIndex}
              className={`player-picker__option${index === keys.activeIndex ? ' player-picker__option--active' : ''}`}
              // Keep focus in the input, so the list does not close before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add(player)}
            >
              {player.name}{' '}
              <span className="player-picker__meta">
                {player.position} · {player.team}
              </span>
            </li>
          ))}
      </ul>
      <p className="player-picker__none" role="status">
        {isExpanded && !directory.isPending && suggestions.length === 0
          ? `No player matches “${text.trim()}”.`
          : ''}
      </p>
      {!text.trim() && !isFull && (
        <PlayerQuickPicks
          favorites={favoritePlayers.filter((player) => !selected.has(player.id))}
          recentSearches={recentSearches}
          onAdd={add}
          onSearch={setText}
        />
      )}
    </div>
  );
}
