import type { LeagueDetails, LeaguePlayer } from '../shared/league-details';
import { formatPoints } from '../shared/format';
import type { ExpectedBasis, ExpectedPoints } from './matchup-players';
import { gameLabel, injuryTag } from './player-game';

export type ShownPoints = ExpectedPoints;

/** What a number rests on, said next to it (the average one is explained under the table). */
const BASIS_MARKS: Partial<Record<ExpectedBasis, string>> = {
  final: 'final',
  out: 'out',
  bye: 'bye',
  average: 'no projection*',
};

/**
 * "final", "no projection*"…, while his game is on "6.0 so far" (the shown total is so far + the remaining share), and for a
 * finished week whose official points differ from our scoring of his stats, "final · ours 21.4".
 */
function basisMark(shown: ShownPoints): string | undefined {
  if (shown.basis === 'live' && shown.soFar !== undefined) return `${formatPoints(shown.soFar)} so far`;
  if (shown.ours !== undefined) return `${BASIS_MARKS[shown.basis] ?? ''} · ours ${formatPoints(shown.ours)}`;
  return BASIS_MARKS[shown.basis];
}

/** A player in the head-to-head or on the bench: name, team and game, injury tag, and his points. */
export function PlayerCell({
  details,
  player,
  shown,
  action,
}: {
  details: LeagueDetails;
  player: LeaguePlayer;
  shown: ShownPoints;
  action?: React.ReactNode;
}) {
  const tag = injuryTag(player.injury_status);
  const game = gameLabel(details, player);
  const mark = basisMark(shown);
  return (
    <div className="player-cell">
      <span className="player-cell__name">{player.name}</span>
      <span className="player-cell__meta">
        {player.position} {player.team}
        {game && ` · ${game}`}
        {tag && (
          <span className={`injury-tag injury-tag--${tag.toLowerCase()}`} title={player.injury_status ?? ''}>
            {tag}
          </span>
        )}
      </span>
      <span className="player-cell__points">
        {shown.points === null ? '—' : formatPoints(shown.points)}
        {mark && (
          <span
            className="player-cell__basis"
            title={
              shown.ours === undefined ? undefined : 'ours: our scoring of his stats with the league’s rules'
            }
          >
            {' '}
            {mark}
          </span>
        )}
      </span>
      {action && <span className="player-cell__action">{action}</span>}
    </div>
  );
}
