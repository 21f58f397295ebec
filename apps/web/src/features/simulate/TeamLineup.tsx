import { useId } from 'react';
import type { LeagueDetails, LeaguePlayer, LeagueRoster } from './league-details';
import { bankedPoints, expectedPointsOf, isRuledOut, playablePlayers } from './matchup-players';
import { formatPoints } from './format';

export interface TeamLineupProps {
  details: LeagueDetails;
  /** "Your team" or "Opponent". */
  title: string;
  rosters: LeagueRoster[];
  rosterId: number;
  onRosterChange(rosterId: number): void;
  starterIds: string[];
  onToggleStarter(playerId: string, isStarting: boolean): void;
}

function statusOf(details: LeagueDetails, rosterId: number, player: LeaguePlayer): string {
  if (bankedPoints(details, rosterId, player.player_id) !== null) return 'Banked';
  if (isRuledOut(player)) return 'Out';
  const projection = details.projections[player.player_id];
  if (!projection) return 'No projection';
  return projection.opponent ? `vs ${projection.opponent.replace(/^@/, '@ ')}` : '';
}

/** One side of the matchup: which team, and its players with a Start checkbox each. */
export function TeamLineup({
  details,
  title,
  rosters,
  rosterId,
  onRosterChange,
  starterIds,
  onToggleStarter,
}: TeamLineupProps) {
  const selectId = useId();
  const roster = rosters.find((r) => r.roster_id === rosterId);
  const players = roster ? playablePlayers(roster) : [];
  const starting = new Set(starterIds);
  const total = players
    .filter((player) => starting.has(player.player_id))
    .reduce((sum, player) => sum + (expectedPointsOf(details, rosterId, player) ?? 0), 0);

  return (
    <section className="team-lineup card" aria-label={title}>
      <div className="field">
        <label htmlFor={selectId}>{title}</label>
        <select
          id={selectId}
          className="input"
          value={rosterId}
          onChange={(event) => onRosterChange(Number(event.target.value))}
        >
          {rosters.map((r) => (
            <option key={r.roster_id} value={r.roster_id}>
              {r.owner_name} ({r.wins}-{r.losses}
              {r.ties > 0 ? `-${r.ties}` : ''})
            </option>
          ))}
        </select>
      </div>
      <p className="team-lineup__total">
        Starting {starting.size} · expected <strong>{formatPoints(total)}</strong> pts
      </p>
      <div className="table-wrap">
        <table className="table lineup-table">
          <thead>
            <tr>
              <th scope="col">Start</th>
              <th scope="col">Player</th>
              <th scope="col">Pos</th>
              <th scope="col">Pts</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {players.map((player) => {
              const expected = expectedPointsOf(details, rosterId, player);
              const isStarting = starting.has(player.player_id);
              return (
                <tr key={player.player_id} className={isStarting ? 'lineup-row--starting' : undefined}>
                  <td>
                    <input
                      type="checkbox"
                      checked={isStarting}
                      aria-label={`Start ${player.name}`}
                      onChange={(event) => onToggleStarter(player.player_id, event.target.checked)}
                    />
                  </td>
                  <th scope="row">
                    {player.name} <span className="lineup-team">{player.team}</span>
                  </th>
                  <td>{player.position}</td>
                  <td>{expected === null ? '—' : formatPoints(expected)}</td>
                  <td className="lineup-note">{statusOf(details, rosterId, player)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
