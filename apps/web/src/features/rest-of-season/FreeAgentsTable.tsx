import type { FreeAgent } from '@fm/contract';
import { availabilityOf } from '@fm/engine';
import { StatusTag } from '@fm/ui';
import { Fragment, useState } from 'react';
import { formatProbabilityChange, formatSigned } from '../simulate/shared/format';
import { ScrollingTable } from '../simulate/shared/ScrollingTable';
import type { PickupLineup as Lineup } from './lineup-after-pickup';
import { PickupLineup } from './PickupLineup';

/** His flags this week: the injury tag, and BYE when his team does not play. */
function Flags({ player, week }: { player: FreeAgent; week: number }) {
  const injury = availabilityOf(player.injury_status);
  const bye = availabilityOf(null, { isOnBye: player.bye_week === week });
  if (!injury.tag && !bye.tag) return <span aria-label="no flags">—</span>;
  return (
    <>
      <StatusTag tag={injury.tag} reason={injury.reason} />
      <StatusTag tag={bye.tag} reason={bye.reason} />
    </>
  );
}

/**
 * Free agents best first, each with whom he would replace and what the pickup is worth; one tap on a row shows
 * the caller's line-up after it.
 */
export function FreeAgentsTable({
  freeAgents,
  week,
  nameOf,
  lineupAfter,
}: {
  freeAgents: FreeAgent[];
  week: number;
  /** The caller's player a pickup replaces, by id. */
  nameOf(playerId: string): string;
  lineupAfter(freeAgent: FreeAgent): Lineup;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const toggle = (playerId: string) => setOpenId((open) => (open === playerId ? null : playerId));
  return (
    <ScrollingTable label="Free agents">
      <table className="table table--cards free-agents-table" aria-label="Free agents, best pickup first">
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Pos</th>
            <th scope="col">Team</th>
            <th scope="col">Flags</th>
            <th scope="col">Replaces</th>
            <th scope="col" title="Change in your chance to win this week, in percentage points">
              ΔP(win) wk {week}
            </th>
            <th scope="col" title="Rest-of-season points of your best line-ups over the player replaced">
              ROS pts +
            </th>
            <th scope="col" title="Change in your chance to make the playoffs, in percentage points">
              ΔP(playoffs)
            </th>
          </tr>
        </thead>
        <tbody>
          {freeAgents.map((player) => {
            const isOpen = openId === player.player_id;
            const replaced = player.replaces_player_id ? nameOf(player.replaces_player_id) : 'an open spot';
            return (
              <Fragment key={player.player_id}>
                <tr
                  className={`free-agents-table__row${isOpen ? ' is-open' : ''}`}
                  onClick={() => toggle(player.player_id)}
                >
                  <th scope="row">
                    <button
                      type="button"
                      className="free-agents-table__name"
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? `pickup-${player.player_id}` : undefined}
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(player.player_id);
                      }}
                    >
                      {player.name}
                    </button>
                  </th>
                  <td data-label="Pos">{player.position}</td>
                  <td data-label="Team">{player.team ?? 'FA'}</td>
                  <td data-label="Flags">
                    <Flags player={player} week={week} />
                  </td>
                  <td data-label="Replaces">{replaced}</td>
                  <td data-label={`ΔP(win) wk ${week}`} className="numeric">
                    {formatProbabilityChange(player.delta_win_probability)}
                  </td>
                  <td data-label="ROS pts +" className="numeric">
                    {formatSigned(player.ros_points_over_replacement)}
                  </td>
                  <td data-label="ΔP(playoffs)" className="numeric">
                    {formatProbabilityChange(player.delta_playoff_probability)}
                  </td>
                </tr>
                {isOpen && (
                  <tr className="free-agents-table__lineup">
                    <td colSpan={8} id={`pickup-${player.player_id}`}>
                      <PickupLineup
                        lineup={lineupAfter(player)}
                        title={`Your line-up with ${player.name} in place of ${replaced}`}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollingTable>
  );
}
