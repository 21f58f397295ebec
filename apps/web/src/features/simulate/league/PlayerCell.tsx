import { teamShortName } from '@fm/projections';
import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import { formatPoints } from '../shared/format';
import type { ExpectedPoints } from './matchup-players';
import { injuryTag, playerGameStatus, zeroProjectionReason, type ZeroProjectionReason } from './player-game';
import type { PlayProgress } from './box-score';

/** A player's figures: his points on the board (null: his game is still to come) and his projected total. */
export interface ShownPoints extends ExpectedPoints {
  actual: number | null;
  progress: PlayProgress;
}

/**
 * The small figure under his points has one meaning, said by its label at every width: the points he is projected
 * to end the week with ("proj 14.2"), while his game is to come or under way. A projection of 0 says why (bye,
 * ruled out, inactive), and one the simulation fills with the position's average is marked as such.
 */
function projectionNote(
  shown: ShownPoints,
  zeroReason: ZeroProjectionReason | null,
): { label: string; text: string; title: string; isZero?: boolean } | null {
  if (shown.points === null) return null;
  if (shown.basis === 'projection' && zeroReason && shown.points === 0) {
    return { label: 'proj ', text: `0.0 ${zeroReason.short}`, title: zeroReason.long, isZero: true };
  }
  if (shown.basis === 'projection' || shown.basis === 'live') {
    return {
      label: 'proj ',
      text: formatPoints(shown.points),
      title: 'Projected points at the end of his game',
    };
  }
  // the simulation counts the position's average for him: marked, explained under the table
  if (shown.basis === 'average')
    return {
      label: 'proj ',
      text: `${formatPoints(shown.points)}*`,
      title: `No projection of ours: the position's average, ${formatPoints(shown.points)}, stands in`,
    };
  return null;
}

/**
 * "Javonte Williams" → first name "Javonte", "J." on narrow screens; a first name already made of initials
 * ("A.J.", "D.K.") stays whole.
 */
function nameParts(player: LeaguePlayer): { first: string; initial: string; rest: string } | null {
  const space = player.name.indexOf(' ');
  if (space <= 0) return null;
  const first = player.name.slice(0, space);
  return { first, initial: first.includes('.') ? first : `${first[0]}.`, rest: player.name.slice(space + 1) };
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
  const note = projectionNote(shown, zeroProjectionReason(details, player));
  const parts = nameParts(player);
  const rest = [team, status.clock].filter(Boolean).join(' · ');
  return (
    <div className={`player-cell player-cell--${shown.progress}${action ? ' player-cell--with-action' : ''}`}>
      <span className="player-cell__name">
        {isDefense(player) && parts ? (
          // "San Francisco 49ers": the team's short name alone on a phone (the meta line says DEF)
          <>
            <span className="player-cell__narrow">{teamShortName(player.team) ?? parts.first}</span>
            <span className="player-cell__wide">{player.name}</span>
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
        title={
          shown.actual === null
            ? 'His game has not started'
            : shown.ours !== undefined
              ? `The platform’s official points; scoring his stats with the league’s rules ourselves gives ${formatPoints(shown.ours)}`
              : undefined
        }
      >
        {shown.actual === null ? '–' : formatPoints(shown.actual)}
        {shown.actual !== null && shown.ours !== undefined && <sup aria-hidden="true">†</sup>}
      </span>
      <span className="player-cell__detail">
        <span className="player-cell__meta" title={status.title || undefined}>
          <span className={slot === player.position && rest ? 'player-cell__wide' : undefined}>
            {player.position}
            {rest && ' · '}
          </span>
          {rest}
          {status.extra && <span className="player-cell__game"> · {status.extra}</span>}
          {tag && ' '}
          {tag && (
            <span
              className={`injury-tag injury-tag--${tag.toLowerCase()}`}
              title={player.injury_status ?? ''}
            >
              {tag}
            </span>
          )}
        </span>
        <span
          className={`player-cell__projection${note?.isZero ? ' player-cell__projection--zero' : ''}`}
          title={note?.title}
        >
          {note?.label}
          {note?.text}
        </span>
      </span>
      {action && <span className="player-cell__action">{action}</span>}
    </div>
  );
}
