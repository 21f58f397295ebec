import type { FreeAgent } from '@fm/contract';
import { availabilityOf } from '@fm/engine';
import { StatusTag } from '@fm/ui';
import { Fragment, useState } from 'react';
import { formatPoints, formatProbabilityChange, formatSigned } from '../simulate/shared/format';
import { ScrollingTable } from '../simulate/shared/ScrollingTable';
import type { ClaimLink } from './claim-link';
import type { PickupLineup as Lineup } from './lineup-from-server';
import { PickupLineup } from './PickupLineup';

const COLUMNS = 10;
const NONE = '—';

/** His flags this week: the injury tag, and BYE when his team does not play. */
function Flags({ player, week }: { player: FreeAgent; week: number }) {
  const injury = availabilityOf(player.injury_status);
  const bye = availabilityOf(null, { isOnBye: player.bye_week === week });
  if (!injury.tag && !bye.tag) return null;
  return (
    <>
      <StatusTag tag={injury.tag} reason={injury.reason} />
      <StatusTag tag={bye.tag} reason={bye.reason} />
    </>
  );
}

/** Whom he would start over this week, in words. */
function startsOverText(player: FreeAgent, nameOf: (playerId: string) => string): string {
  if (!player.has_projection) return 'No projection: not priced';
  if (player.starts_over_player_id) return nameOf(player.starts_over_player_id);
  return player.lineup_after?.includes(player.player_id) ? 'An empty slot' : 'Would not start';
}

/** Whom the pickup drops, in words. */
function dropsText(player: FreeAgent, nameOf: (playerId: string) => string): string {
  if (!player.has_projection) return NONE;
  return player.replaces_player_id ? nameOf(player.replaces_player_id) : 'Nobody: an open place';
}

/**
 * Free agents best first (ΔP(playoffs), then ΔP(win), then rest-of-season points over replacement), each with his
 * projections, whom he would start over and whom the pickup drops; one tap on a row shows the caller's line-up
 * after it (the server's), and each row links to the player on the league's platform to claim him.
 */
export function FreeAgentsTable({
  freeAgents,
  week,
  nameOf,
  lineupAfter,
  claimLinkOf,
}: {
  freeAgents: FreeAgent[];
  week: number;
  /** One of the caller's players, by id. */
  nameOf(playerId: string): string;
  lineupAfter(freeAgent: FreeAgent): Lineup;
  claimLinkOf(freeAgent: FreeAgent): ClaimLink;
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
            <th scope="col" title="Change in your chance to make the playoffs, in percentage points">
              ΔP(playoffs)
            </th>
            <th scope="col" title="Change in your chance to win this week, in percentage points">
              ΔP(win) wk {week}
            </th>
            <th scope="col" title="Rest-of-season points of your best line-ups after the pickup minus before">
              ROS pts +
            </th>
            <th scope="col" title="His projected points this week">
              Proj wk {week}
            </th>
            <th scope="col" title="His own projected points over the rest of the regular season">
              ROS proj
            </th>
            <th scope="col" title="The starter of yours he would take the place of this week">
              Starts over
            </th>
            <th scope="col" title="The player of yours dropped to make room for him">
              Drops
            </th>
          </tr>
        </thead>
        <tbody>
          {freeAgents.map((player) => {
            const isOpen = openId === player.player_id;
            const startsOver = startsOverText(player, nameOf);
            const drops = dropsText(player, nameOf);
            const claim = claimLinkOf(player);
            return (
              <Fragment key={player.player_id}>
                <tr
                  className={`free-agents-table__row${isOpen ? ' is-open' : ''}${player.has_projection ? '' : ' is-unpriced'}`}
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
                    </button>{' '}
                    <a
                      className="free-agents-table__claim"
                      href={claim.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={claim.label}
                      onClick={(event) => event.stopPropagation()}
                    >
                      Claim ↗
                    </a>
                  </th>
                  <td data-label="Pos">{player.position}</td>
                  <td data-label="Team">
                    {player.team ?? 'FA'}
                    {player.bye_week !== null && (
                      <span className="free-agents-table__bye"> · bye wk {player.bye_week}</span>
                    )}{' '}
                    <Flags player={player} week={week} />
                  </td>
                  <td data-label="ΔP(playoffs)" className="numeric">
                    {player.has_projection ? formatProbabilityChange(player.delta_playoff_probability) : NONE}
                  </td>
                  <td data-label={`ΔP(win) wk ${week}`} className="numeric">
                    {player.has_projection ? formatProbabilityChange(player.delta_win_probability) : NONE}
                  </td>
                  <td data-label="ROS pts +" className="numeric">
                    {player.has_projection ? formatSigned(player.ros_points_over_replacement) : NONE}
                  </td>
                  <td data-label={`Proj wk ${week}`} className="numeric">
                    {player.projection === null ? 'No projection' : formatPoints(player.projection)}
                  </td>
                  <td data-label="ROS proj" className="numeric">
                    {player.ros_projection === null ? NONE : formatPoints(player.ros_projection)}
                  </td>
                  <td data-label="Starts over">{startsOver}</td>
                  <td data-label="Drops">{drops}</td>
                </tr>
                {isOpen && (
                  <tr className="free-agents-table__lineup">
                    <td colSpan={COLUMNS} id={`pickup-${player.player_id}`}>
                      {player.has_projection ? (
                        <PickupLineup
                          lineup={lineupAfter(player)}
                          title={`Your line-up with ${player.name}${
                            player.replaces_player_id ? `, ${drops} dropped` : ''
                          }`}
                        />
                      ) : (
                        <p>
                          {player.name} has no projection this week, so his pickup is not priced and no
                          line-up is shown.
                        </p>
                      )}
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
