import { Banner, Button } from '@fm/ui';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { trpcClient } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { type LeagueDetails } from './league-details';
import {
  lineupLabInput,
  NO_KNOWN_STARTERS_MESSAGE,
  previewMatchupInput,
  serverTeam,
  SIMULATION_ITERATIONS,
  SIMULATION_SEED,
  teamName,
} from './matchup-inputs';
import { MatchupPreview } from './MatchupPreview';
import { seasonOutlookInput } from './season-outlook-input';
import { startRun, useSimulationRun } from './simulation-store';
import { TeamLineup } from './TeamLineup';
import { useEnginePreview } from './useEnginePreview';
import { useMatchupSides } from './use-matchup-sides';

/** Checkbox clicks come one at a time: a short pause is enough to fold a swap's two clicks into one run. */
const PREVIEW_DEBOUNCE_MS = 60;

/** The matchup set-up of one league week: both line-ups, the preview, and Run simulation. */
export function LeagueSimulator({ details }: { details: LeagueDetails }) {
  const sides = useMatchupSides(details);
  const { user: currentUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const run = useSimulationRun('simulate');
  const [runError, setRunError] = useState<string | null>(null);
  const { user, opponent } = sides;

  const previewInput = useMemo(
    () => (user && opponent ? previewMatchupInput(details, user, opponent) : null),
    [details, user, opponent],
  );
  const preview = useEnginePreview('matchup', previewInput, { debounceMs: PREVIEW_DEBOUNCE_MS });

  if (!user || !opponent) {
    return (
      <Banner tone="info">This league has fewer than two teams, so there is no matchup to simulate.</Banner>
    );
  }
  const userRosters = details.rosters;
  const opponentRosters = details.rosters.filter((roster) => roster.roster_id !== user.rosterId);
  const userName = teamName(details.rosters.find((r) => r.roster_id === user.rosterId));
  const opponentName = teamName(details.rosters.find((r) => r.roster_id === opponent.rosterId));

  const runSimulation = () => {
    const userTeam = serverTeam(details, user);
    const opponentTeam = serverTeam(details, opponent);
    if (userTeam.team.starters.length === 0 || opponentTeam.team.starters.length === 0) {
      setRunError(NO_KNOWN_STARTERS_MESSAGE);
      return;
    }
    setRunError(null);
    const { league } = details;
    void startRun(
      'simulate',
      {
        ownerId: currentUser?.id ?? '',
        platform: details.platform,
        leagueId: league.league_id,
        leagueName: league.name,
        season: league.season,
        week: details.week,
        backPath: location.pathname,
        userRosterId: user.rosterId,
        userName,
        opponentName,
        leftOut: [...userTeam.leftOut, ...opponentTeam.leftOut],
        lineupLab: lineupLabInput(details, user, opponent),
        seasonOutlook: seasonOutlookInput(details),
      },
      () =>
        trpcClient.matchup.simulate.mutate({
          user_team: userTeam.team,
          opponent_team: opponentTeam.team,
          league_id: league.league_id,
          platform: details.platform,
          season: Number(league.season),
          week: details.week,
          iterations: SIMULATION_ITERATIONS,
          seed: SIMULATION_SEED,
        }),
    );
    navigate('/dashboard');
  };

  const teamMatchupPath = `/team-matchup?${new URLSearchParams({
    platform: details.platform,
    league: details.league.league_id,
    week: String(details.week),
  })}`;

  return (
    <>
      {details.my_roster_id === null && (
        <Banner tone="info">
          Your linked account has no team in this league. Choose the team you want to play as.
        </Banner>
      )}
      <div className="matchup-setup">
        <TeamLineup
          details={details}
          title="Your team"
          rosters={userRosters}
          rosterId={user.rosterId}
          onRosterChange={sides.chooseUserRoster}
          starterIds={user.starterIds}
          onToggleStarter={(playerId, isStarting) => sides.toggleStarter(user.rosterId, playerId, isStarting)}
        />
        <TeamLineup
          details={details}
          title="Opponent"
          rosters={opponentRosters}
          rosterId={opponent.rosterId}
          onRosterChange={sides.chooseOpponentRoster}
          starterIds={opponent.starterIds}
          onToggleStarter={(playerId, isStarting) =>
            sides.toggleStarter(opponent.rosterId, playerId, isStarting)
          }
        />
      </div>
      <MatchupPreview preview={preview} />
      {runError && <Banner tone="error">{runError}</Banner>}
      <div className="button-row simulate-actions">
        <Button onClick={runSimulation} isBusy={run.status === 'running'}>
          Run simulation
        </Button>
        <Link to={teamMatchupPath} className="button button--secondary">
          Compare any two teams
        </Link>
        <Link to="/methodology">How the numbers are made</Link>
      </div>
    </>
  );
}
