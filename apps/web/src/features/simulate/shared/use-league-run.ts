import { type LeagueSide, sideStarters } from '@fm/contract';
import { useNavigate } from 'react-router';
import { trpcClient } from '../../../lib/trpc';
import { useAuth } from '../../auth/auth-context';
import { usePreferences } from '../../preferences/use-preferences';
import { type LeagueDetails, leagueDetailsInput, rosterById } from './league-details';
import { teamName } from './matchup-inputs';
import { type RunContext, type RunKind, startRun } from './simulation-store';

/** What the page adds to the run: the page that reads it, the page to come back to, the reading's extras. */
export type LeagueRunOptions = Pick<RunContext, 'backPath' | 'isOwnTeam' | 'lineupLab' | 'seasonOutlook'> & {
  resultPath: string;
};

/**
 * Starts the server's run of one matchup of a league week and opens the page that reads it. The server builds
 * the run from the same league answer as the page (same players, seed and draws), so the figure it records is
 * the league page's own. `start` answers false, starting nothing, when a side has no starter to run.
 */
export function useLeagueRun(details: LeagueDetails) {
  const navigate = useNavigate();
  const { user: currentUser } = useAuth();
  const { preferences } = usePreferences();

  return function start(
    kind: RunKind,
    user: LeagueSide,
    opponent: LeagueSide,
    { resultPath, ...context }: LeagueRunOptions,
  ): boolean {
    const lineUp = (side: LeagueSide) => ({
      roster_id: side.rosterId,
      starters: sideStarters(details, side).map((player) => player.player_id),
    });
    const [userLineUp, opponentLineUp] = [lineUp(user), lineUp(opponent)];
    if (userLineUp.starters.length === 0 || opponentLineUp.starters.length === 0) return false;
    const { league } = details;
    void startRun(
      kind,
      {
        ownerId: currentUser?.id ?? '',
        platform: details.platform,
        leagueId: league.league_id,
        leagueName: league.name,
        season: league.season,
        week: details.week,
        userRosterId: user.rosterId,
        userName: teamName(rosterById(details, user.rosterId)),
        opponentName: teamName(rosterById(details, opponent.rosterId)),
        leftOut: [],
        ...context,
      },
      () =>
        trpcClient.matchup.simulateLeague.mutate({
          ...leagueDetailsInput(
            details.platform,
            league.league_id,
            details.week,
            preferences.leagueSettings.scoringType,
            Number(league.season),
          ),
          user: userLineUp,
          opponent: opponentLineUp,
        }),
    );
    navigate(resultPath);
    return true;
  };
}
