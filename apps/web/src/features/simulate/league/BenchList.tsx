import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import { PlayerCell, type ShownPoints } from './PlayerCell';

/** My bench under the head-to-head, each player one tap from the line-up. */
export function BenchList({
  details,
  bench,
  shownFor,
  onStart,
  canMove,
}: {
  details: LeagueDetails;
  bench: LeaguePlayer[];
  shownFor(player: LeaguePlayer): ShownPoints;
  onStart?: (player: LeaguePlayer) => void;
  canMove(player: LeaguePlayer): boolean;
}) {
  return (
    <section className="card bench" aria-labelledby="bench-title">
      <h2 id="bench-title">Your bench</h2>
      {bench.length === 0 ? (
        <p>Nobody on the bench.</p>
      ) : (
        <ul className="bench__list">
          {bench.map((player) => (
            <li key={player.player_id}>
              <PlayerCell
                details={details}
                player={player}
                shown={shownFor(player)}
                action={
                  onStart && canMove(player) ? (
                    <button
                      type="button"
                      className="chip-button"
                      aria-label={`Start ${player.name}`}
                      onClick={() => onStart(player)}
                    >
                      Start
                    </button>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
