import { PLATFORM_LABELS } from '@fm/contract';
import { Banner, Button, DataFreshness, Spinner } from '@fm/ui';
import { describeSources } from '../../../lib/data-sources';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LeagueMuteToggle } from '../../notifications/LeagueMuteToggle';
import { getEngineWorker } from '../shared/engine-client';
import { type LeaguePlatform, useLeagueDetails } from '../shared/league-details';
import { LeagueSimulator } from './LeagueSimulator';
import { hasNoProjectionsYet } from './box-score';
import { isClockEstimated, livePausedText, type ShownSides } from './match-timeline';
import { unsupportedScoringNote } from './scoring-note';
import { WeekSelect } from '../shared/WeekSelect';
import { WinProbabilityTimeline } from './WinProbabilityTimeline';
import { PlayoffLeverage } from '../../rest-of-season/PlayoffLeverage';
import '../shared/simulate.css';

const DATA_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /simulate/{username}/{season}/{leagueId}, /simulate/yahoo/… and /simulate/espn/…: my team
 * against this week's opponent, the instant preview, and the full simulation.
 */
export default function SimulateLeaguePage({ platform }: { platform: LeaguePlatform }) {
  const { leagueId = '', season } = useParams();
  const [week, setWeek] = useState<number | undefined>(undefined);
  // The timeline follows the two teams the matchup shows, whichever the reader picked.
  const [shownSides, setShownSides] = useState<ShownSides | null>(null);
  const details = useLeagueDetails(platform, leagueId, week, Number(season) || undefined);
  // Boot the engine worker while the league loads, so the first preview does not wait for it.
  useEffect(() => {
    getEngineWorker();
  }, []);

  if (details.isPending) return <Spinner label="Loading your league…" />;
  if (details.isError) {
    return (
      <section className="page">
        <h1>League unavailable</h1>
        <Banner tone="error">{details.error.message}</Banner>
        <div className="button-row">
          <Button onClick={() => void details.refetch()}>Try Again</Button>
          <Link to="/" className="button button--secondary">
            Back to your leagues
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="page simulate-page">
      <div className="simulate-page__head">
        <div>
          <h1>{details.data.league.name}</h1>
          <p className="simulate-page__meta">
            {details.data.league.season} season ·{' '}
            {details.data.is_week_complete
              ? `week ${details.data.week}, final scores`
              : `week ${details.data.week}`}
          </p>
          {details.data.projections_freshness ? (
            <DataFreshness
              label="Projections updated"
              updatedAt={details.data.projections_freshness.updated_at}
              from={describeSources(details.data.projections_freshness.sources)}
            />
          ) : null}
        </div>
        <nav className="simulate-page__tools" aria-label="Rest of season">
          <Link to="free-agents">Free agents</Link>
          <Link to="trades">Trades</Link>
        </nav>
        <LeagueMuteToggle platform={platform} leagueId={details.data.league.league_id} />
        <WeekSelect
          id="simulate-week"
          className="simulate-page__week"
          value={details.data.week}
          onChange={setWeek}
        />
      </div>
      {details.data.is_stale && (
        <Banner tone="warning">
          {PLATFORM_LABELS[details.data.platform]} unreachable, data from{' '}
          {DATA_TIME.format(new Date(details.data.data_as_of))}. Rosters and scores may have changed since.
        </Banner>
      )}
      {hasNoProjectionsYet(details.data) && (
        <Banner tone="warning">
          No projections for week {details.data.week} yet: our projection sources have not answered. Scores
          are shown as they come in; the win probability will follow once projections arrive.
        </Banner>
      )}
      {livePausedText(details.data) && <Banner tone="warning">{livePausedText(details.data)}</Banner>}
      {isClockEstimated(details.data) && (
        <p className="simulate-page__meta">
          Game clocks are estimated from kickoff times (the scoreboard is unavailable).
        </p>
      )}
      {unsupportedScoringNote(details.data.scoring_unsupported) && (
        <p className="simulate-page__meta" data-testid="scoring-unsupported">
          {unsupportedScoringNote(details.data.scoring_unsupported)}
        </p>
      )}
      {/* Keyed by week so each week starts from that week's real line-ups. */}
      <LeagueSimulator
        key={`${details.data.league.league_id}:${details.data.week}`}
        details={details.data}
        onSidesShown={setShownSides}
      />
      {shownSides && <WinProbabilityTimeline details={details.data} sides={shownSides} />}
      {/* Season tables come after this week's score and line-ups: a phone reaches the box score first. */}
      {!details.data.is_week_complete && <PlayoffLeverage details={details.data} />}
    </section>
  );
}
