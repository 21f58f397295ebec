import { Button, Dialog } from '@fm/ui';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import { PlayerCell, type ShownPoints } from './PlayerCell';
import { slotName } from './slot-names';

export interface BenchRequest {
  player: LeaguePlayer;
  /** The slot he leaves, as the line-up check labels it (WR, FLEX…). */
  slot: string;
}

/**
 * Benching a starter asks who takes his slot: the bench players who fit it, best expected points first, or
 * nobody. Without asking, the line-up check would refill the slot from another one (a FLEX receiver moving to
 * WR), a change the person never chose.
 */
export function ReplaceStarterDialog({
  details,
  request,
  candidates,
  shownFor,
  onReplace,
  onLeaveEmpty,
  onClose,
}: {
  details: LeagueDetails;
  request: BenchRequest | null;
  candidates: LeaguePlayer[];
  shownFor(player: LeaguePlayer): ShownPoints;
  onReplace(replacement: LeaguePlayer): void;
  onLeaveEmpty(): void;
  onClose(): void;
}) {
  if (!request) return null;
  const slot = slotName(request.slot);
  return (
    <Dialog
      open
      title={`Who replaces ${request.player.name} at ${slot}?`}
      onClose={onClose}
      className="replace-starter"
      actions={
        <>
          <Button variant="secondary" onClick={onLeaveEmpty}>
            Bench him, nobody replaces him
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {candidates.length === 0 ? (
        <p>Nobody on your bench can play {slot}.</p>
      ) : (
        <ul className="replace-starter__list">
          {candidates.map((player) => (
            <li key={player.player_id}>
              <PlayerCell
                details={details}
                player={player}
                shown={shownFor(player)}
                action={
                  <button
                    type="button"
                    className="chip-button"
                    aria-label={`Start ${player.name} at ${slot}`}
                    onClick={() => onReplace(player)}
                  >
                    Start
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
