import { POSITION_BASELINE } from '@fm/engine';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import { formatPoints } from '../shared/format';
import { PlayerCell, type ShownPoints } from './PlayerCell';
import type { SideLineup, SlotRow } from './side-lineup';
import { slotName } from './slot-names';

export type MatchupSideName = 'user' | 'opponent';

export interface HeadToHeadProps {
  details: LeagueDetails;
  userName: string;
  opponentName: string;
  user: SideLineup;
  opponent: SideLineup;
  shownFor(side: MatchupSideName, player: LeaguePlayer): ShownPoints;
  totals: { user: number; opponent: number };
  /** Bench one of my starters, leaving `slot` ('' for a starter no slot takes); absent when the line-up cannot change (a finished week). */
  onBench?: (player: LeaguePlayer, slot: string) => void;
  canMove(player: LeaguePlayer): boolean;
}

function SideCell({
  props,
  side,
  row,
}: {
  props: HeadToHeadProps;
  side: MatchupSideName;
  row: SlotRow | undefined;
}) {
  const player = row?.player;
  if (!player) return <td className="h2h__empty">Empty</td>;
  const canBench = side === 'user' && props.onBench && props.canMove(player);
  return (
    <td>
      <PlayerCell
        details={props.details}
        player={player}
        shown={props.shownFor(side, player)}
        action={
          canBench ? (
            <button
              type="button"
              className="chip-button"
              aria-label={`Bench ${player.name}`}
              onClick={() => props.onBench!(player, row?.label ?? '')}
            >
              Bench
            </button>
          ) : undefined
        }
      />
    </td>
  );
}

/** Both line-ups slot by slot (my QB against their QB…), with the expected total of each. */
export function HeadToHead(props: HeadToHeadProps) {
  const { user, opponent, userName, opponentName, totals } = props;
  const rowCount = Math.max(user.rows.length, opponent.rows.length);
  const usesAverage = (['user', 'opponent'] as const).some((side) =>
    (side === 'user' ? user : opponent).rows.some(
      (row) => row.player !== null && props.shownFor(side, row.player).basis === 'average',
    ),
  );
  return (
    <div className="h2h-wrap">
      <table className="h2h">
        <caption className="visually-hidden">Head-to-head by slot</caption>
        <thead>
          <tr>
            <th scope="col">{userName}</th>
            <th scope="col" className="h2h__slot">
              Slot
            </th>
            <th scope="col">{opponentName}</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rowCount }, (_, index) => {
            const label = user.rows[index]?.label ?? opponent.rows[index]?.label ?? '';
            return (
              <tr key={`${label}-${index}`}>
                <SideCell props={props} side="user" row={user.rows[index]} />
                <th scope="row" className="h2h__slot" data-slot={label}>
                  {slotName(label)}
                </th>
                <SideCell props={props} side="opponent" row={opponent.rows[index]} />
              </tr>
            );
          })}
          {user.unplaced.map((player) => (
            <tr key={`unplaced-${player.player_id}`} className="h2h__unplaced">
              <SideCell props={props} side="user" row={{ label: '', player }} />
              <th scope="row" className="h2h__slot">
                No slot
              </th>
              <td />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td className="h2h__total" data-testid="lineup-total-user">
              {formatPoints(totals.user)}
            </td>
            <th scope="row" className="h2h__slot">
              Total
            </th>
            <td className="h2h__total">{formatPoints(totals.opponent)}</td>
          </tr>
        </tfoot>
      </table>
      {usesAverage && (
        <p className="field__hint">
          * no projection: we have none of him this week, so the simulation counts the position’s average (DEF{' '}
          {formatPoints(POSITION_BASELINE.DEF.mean)}, K {formatPoints(POSITION_BASELINE.K.mean)}…), and so
          does this total.
        </p>
      )}
    </div>
  );
}
