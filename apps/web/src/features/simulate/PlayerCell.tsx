import type { LeagueDetails, LeaguePlayer } from './league-details';
import { formatPoints } from './format';
import type { ExpectedBasis } from './matchup-players';
import { gameLabel, injuryTag } from './player-game';

export interface ShownPoints {
  points: number | null;
  basis: ExpectedBasis;
}

/** What a number rests on, said next to it (the average one is explained under the table). */
const BASIS_MARKS: Partial<Record<ExpectedBasis, string>> = {
  banked: 'scored',
  out: 'out',
  average: 'avg*',
};

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
  const mark = BASIS_MARKS[shown.basis];
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
        {mark && <span className="player-cell__basis"> {mark}</span>}
      </span>
      {action && <span className="player-cell__action">{action}</span>}
    </div>
  );
}
