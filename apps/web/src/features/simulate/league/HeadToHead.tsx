import { POSITION_BASELINE } from '@fm/engine';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import { formatPoints } from '../shared/format';
import { PlayerCell, type ShownPoints } from './PlayerCell';
import type { SideLineup, SlotRow } from './side-lineup';
import { slotName } from './slot-names';

export type MatchupSideName = 'user' | 'opponent';

export interface TeamTotal {
  points: number;
  /** Null when there is nothing to project from (no projections yet). */
  projected: number | null;
  /** Nobody can score any more: the projection is the points. */
  isOver: boolean;
}

function TotalCell({ total, testId }: { total: TeamTotal; testId?: string }) {
  return (
    <td className="h2h__total">
      <strong>{formatPoints(total.points)}</strong>
      {!total.isOver && total.projected !== null && (
        <span className="h2h__projected">
          {' '}
          proj <span data-testid={testId}>{formatPoints(total.projected)}</span>
        </span>
      )}
    </td>
  );
}

export interface HeadToHeadProps {
  details: LeagueDetails;
  userName: string;
  opponentName: string;
  user: SideLineup;
  opponent: SideLineup;
  shownFor(side: MatchupSideName, player: LeaguePlayer): ShownPoints;
  /** Each line-up's points on the board and its projected final. */
  totals: { user: TeamTotal; opponent: TeamTotal };
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
  return (
    <td>
      <PlayerCell
        details={props.details}
        player={player}
        shown={props.shownFor(side, player)}
        slot={row?.label}
      />
    </td>
  );
}

/**
 * The slot between the two players, and the button that benches my player in it: kept out of the players' cells so
 * each keeps its two lines on a phone, yet a whole 44 px target.
 */
function SlotCell({
  props,
  row,
  label,
}: {
  props: HeadToHeadProps;
  row: SlotRow | undefined;
  label: string;
}) {
  const player = row?.player;
  const canBench = player && props.onBench && props.canMove(player);
  return (
    <th scope="row" className="h2h__slot" data-slot={label}>
      <span className="h2h__slot-name">{slotName(label)}</span>
      {canBench && (
        <button
          type="button"
          className="chip-button h2h__bench"
          aria-label={`Bench ${player.name}`}
          onClick={() => props.onBench!(player, row?.label ?? '')}
        >
          Bench
        </button>
      )}
    </th>
  );
}

/** Both line-ups slot by slot (my QB against their QB…), with each one's points on the board and projected total. */
export function HeadToHead(props: HeadToHeadProps) {
  const { user, opponent, userName, opponentName, totals } = props;
  const rowCount = Math.max(user.rows.length, opponent.rows.length);
  const shownRows = (['user', 'opponent'] as const).flatMap((side) =>
    (side === 'user' ? user : opponent).rows.flatMap((row) =>
      row.player ? [{ player: row.player, shown: props.shownFor(side, row.player) }] : [],
    ),
  );
  const usesAverage = shownRows.some((row) => row.shown.basis === 'average');
  const scoredDifferently = shownRows.filter((row) => row.shown.ours !== undefined);
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
                <SlotCell props={props} row={user.rows[index]} label={label} />
                <SideCell props={props} side="opponent" row={opponent.rows[index]} />
              </tr>
            );
          })}
          {user.unplaced.map((player) => (
            <tr key={`unplaced-${player.player_id}`} className="h2h__unplaced">
              <SideCell props={props} side="user" row={{ label: '', player }} />
              <th scope="row" className="h2h__slot">
                <span className="h2h__slot-name">No slot</span>
                {props.onBench && props.canMove(player) && (
                  <button
                    type="button"
                    className="chip-button h2h__bench"
                    aria-label={`Bench ${player.name}`}
                    onClick={() => props.onBench!(player, '')}
                  >
                    Bench
                  </button>
                )}
              </th>
              <td />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <TotalCell total={totals.user} testId="lineup-total-user" />
            <th scope="row" className="h2h__slot">
              Total
            </th>
            <TotalCell total={totals.opponent} />
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
      {scoredDifferently.length > 0 && (
        <p className="field__hint" data-testid="our-scoring-note">
          † The platform’s official points. Scoring their stats with the league’s rules ourselves gives{' '}
          {scoredDifferently
            .map(({ player, shown }) => `${player.name} ${formatPoints(shown.ours!)}`)
            .join(', ')}
          .
        </p>
      )}
    </div>
  );
}
