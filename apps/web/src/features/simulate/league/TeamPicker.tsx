import { useId } from 'react';
import type { LeagueDetails, LeagueRoster } from '../shared/league-details';

function recordOf(roster: LeagueRoster): string {
  return `${roster.wins}-${roster.losses}${roster.ties > 0 ? `-${roster.ties}` : ''}`;
}

/** Which team I play as and which team I face (this week's opponent by default). */
export function TeamPicker({
  details,
  userRosterId,
  opponentRosterId,
  onUserChange,
  onOpponentChange,
}: {
  details: LeagueDetails;
  userRosterId: number;
  opponentRosterId: number;
  onUserChange(rosterId: number): void;
  onOpponentChange(rosterId: number): void;
}) {
  const userId = useId();
  const opponentId = useId();
  const option = (roster: LeagueRoster) => (
    <option key={roster.roster_id} value={roster.roster_id}>
      {roster.owner_name} ({recordOf(roster)})
    </option>
  );
  return (
    <div className="team-picker">
      <div className="field">
        <label htmlFor={userId}>Your team</label>
        <select
          id={userId}
          className="input"
          value={userRosterId}
          onChange={(event) => onUserChange(Number(event.target.value))}
        >
          {details.rosters.map(option)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={opponentId}>Opponent</label>
        <select
          id={opponentId}
          className="input"
          value={opponentRosterId}
          onChange={(event) => onOpponentChange(Number(event.target.value))}
        >
          {details.rosters.filter((roster) => roster.roster_id !== userRosterId).map(option)}
        </select>
      </div>
    </div>
  );
}
