import { formatPercent, formatPoints } from '../simulate/shared/format';
import { resultText, resultTone } from '../simulate/shared/matchup-result';
import type { LeaguePlatform } from './leagues-queries';
import { useLeagueMatchup } from './use-league-matchup';

/** One league card's line about this week: the opponent and the chance to win. */
export function LeagueMatchupSummary({ platform, leagueId }: { platform: LeaguePlatform; leagueId: string }) {
  const matchup = useLeagueMatchup(platform, leagueId);
  switch (matchup.status) {
    case 'loading':
      return (
        <p className="league-matchup league-matchup--muted" role="status">
          Loading this week’s matchup…
        </p>
      );
    case 'error':
      return (
        <p className="league-matchup league-matchup--muted" role="status">
          This week’s matchup could not be loaded.{' '}
          <button type="button" className="link-button" onClick={matchup.retry}>
            Try again
          </button>
        </p>
      );
    case 'no-team':
      return <p className="league-matchup league-matchup--muted">You have no team in this league.</p>;
    case 'no-matchup':
      return <p className="league-matchup league-matchup--muted">No matchup in week {matchup.week}.</p>;
    case 'final': {
      const tone = resultTone(matchup.points, matchup.opponentPoints);
      return (
        <p className="league-matchup">
          <span className="league-matchup__week">Week {matchup.week}</span> vs{' '}
          <strong className="league-matchup__opponent">{matchup.opponentName}</strong>
          <span className={`league-matchup__chance league-matchup__chance--${tone}`}>
            Final {formatPoints(matchup.points)}–{formatPoints(matchup.opponentPoints)} ·{' '}
            {resultText(matchup.points, matchup.opponentPoints).replace(/^You /, '')}
          </span>
        </p>
      );
    }
    case 'ready':
      return (
        <p className="league-matchup">
          <span className="league-matchup__week">Week {matchup.week}</span> vs{' '}
          <strong className="league-matchup__opponent">{matchup.opponentName}</strong>
          <span className="league-matchup__chance" role="status">
            {matchup.winProbability === null
              ? 'Simulating…'
              : `${formatPercent(matchup.winProbability)} to win`}
          </span>
          {matchup.projected && (
            <span className="league-matchup__projected">
              Projected {formatPoints(matchup.projected.user)}–{formatPoints(matchup.projected.opponent)}
            </span>
          )}
        </p>
      );
  }
}
