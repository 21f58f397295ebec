import { MAX_TRADE_PLAYERS_PER_SIDE } from '@fm/contract';
import type { LeaguePlayer } from '../simulate/shared/league-details';

/** Players of one roster to tick for a trade, at most MAX_TRADE_PLAYERS_PER_SIDE of them. */
export function PlayerChecklist({
  legend,
  players,
  chosen,
  onChange,
}: {
  legend: string;
  players: LeaguePlayer[];
  chosen: string[];
  onChange(chosen: string[]): void;
}) {
  const isFull = chosen.length >= MAX_TRADE_PLAYERS_PER_SIDE;
  return (
    <fieldset className="player-checklist">
      <legend>
        {legend} <span className="field__hint">(up to {MAX_TRADE_PLAYERS_PER_SIDE})</span>
      </legend>
      {players.length === 0 ? (
        <p className="field__hint">Nobody on this roster.</p>
      ) : (
        <ul>
          {players.map((player) => {
            const isChosen = chosen.includes(player.player_id);
            return (
              <li key={player.player_id}>
                <label>
                  <input
                    type="checkbox"
                    checked={isChosen}
                    disabled={!isChosen && isFull}
                    onChange={() =>
                      onChange(
                        isChosen
                          ? chosen.filter((id) => id !== player.player_id)
                          : [...chosen, player.player_id],
                      )
                    }
                  />{' '}
                  {player.name} <span className="field__hint">{player.position}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
