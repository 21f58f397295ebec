import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import { formatPoints } from '../shared/format';
import type { ExpectedPoints } from './matchup-players';
import { injuryTag, playerGameStatus } from './player-game';
import type { PlayProgress } from './box-score';

/** A player's figures: his points on the board (null: his game is still to come) and his projected total. */
export interface ShownPoints extends ExpectedPoints {
  actual: number | null;
  progress: PlayProgress;
}

/** The small figure under his points: what he is projected to end with, or a note on the points shown. */
function projectionNote(shown: ShownPoints): { label?: string; text: string; title?: string } | null {
  if (shown.ours !== undefined) {
    return {
      label: 'our scoring: ',
      text: formatPoints(shown.ours),
      title:
        'The platform’s official points are shown; scoring his stats with the league’s rules ourselves gives this figure.',
    };
  }
  if (shown.points === null) return null;
  if (shown.basis === 'projection' || shown.basis === 'live') {
    return { label: 'proj ', text: formatPoints(shown.points), title: 'Projected points' };
  }
  // the simulation counts the position's average for him: said in words where there is room (a phone's meta line
  // keeps its width: the asterisk alone there), explained under the table
  if (shown.basis === 'average')
    return {
      label: 'no projection',
      text: '*',
      title: `No projection of ours: the position's average, ${formatPoints(shown.points)}, stands in`,
    };
  return null;
}

/** "Javonte Williams" → first name "Javonte", "J." on narrow screens. */
function nameParts(player: LeaguePlayer): { first: string; initial: string; rest: string } | null {
  const space = player.name.indexOf(' ');
  if (space <= 0) return null;
  const first = player.name.slice(0, space);
  return { first, initial: `${first[0]}.`, rest: player.name.slice(space + 1) };
}

const isDefense = (player: LeaguePlayer) => player.position === 'DEF' || player.position === 'DST';

/**
 * A player in the head-to-head, on the bench or in a picker, in two lines: his name and points on the board, then
 * position, team and game ("QB · BUF · Half") and his projection. On a phone the first name shrinks to an initial
 * (the whole name stays what is read out); a surname is never cut.
 */
export function PlayerCell({
  details,
  player,
  shown,
  action,
  slot,
}: {
  details: LeagueDetails;
  player: LeaguePlayer;
  shown: ShownPoints;
  action?: React.ReactNode;
  /** The head-to-head slot he fills: when it names his position, a phone leaves the position out of his meta. */
  slot?: string;
}) {
  // A closed week's players are shown as they were then: today's injury status or free agency says nothing of it.
  const tag = details.is_week_complete ? null : injuryTag(player.injury_status);
  const team = details.is_week_complete && player.team === 'FA' ? '' : player.team;
  const status = playerGameStatus(details, player);
  const note = projectionNote(shown);
  const parts = nameParts(player);
  const rest = [team, status.clock].filter(Boolean).join(' · ');
  return (
    <div className={`player-cell player-cell--${shown.progress}${action ? ' player-cell--with-action' : ''}`}>
      <span className="player-cell__name">
        {isDefense(player) && parts ? (
          // "DEN Defense": the team alone on a phone (the meta line says DEF)
          <>
            {parts.first}
            <span className="player-cell__wide"> {parts.rest}</span>
          </>
        ) : parts ? (
          <>
            <span className="player-cell__first" data-initial={parts.initial}>
              {parts.first}
            </span>{' '}
            {parts.rest}
          </>
        ) : (
          player.name
        )}
      </span>
      <span
        className="player-cell__points"
        title={shown.actual === null ? 'His game has not started' : undefined}
      >
        {shown.actual === null ? '–' : formatPoints(shown.actual)}
      </span>
      <span className="player-cell__meta" title={status.title || undefined}>
        <span className={slot === player.position && rest ? 'player-cell__wide' : undefined}>
          {player.position}
          {rest && ' · '}
        </span>
        {rest}
        {status.extra && <span className="player-cell__game"> · {status.extra}</span>}
        {tag && (
          <span className={`injury-tag injury-tag--${tag.toLowerCase()}`} title={player.injury_status ?? ''}>
            {tag}
          </span>
        )}
      </span>
      <span className="player-cell__projection" title={note?.title}>
        {note?.label && <span className="player-cell__wide">{note.label}</span>}
        {note?.text}
      </span>
      {action && <span className="player-cell__action">{action}</span>}
    </div>
  );
}
