import { sideStarters, weekStarterIds } from '@fm/contract';
import { isMatchupOver, teamBoxScore } from '../league/box-score';
import { useLeagueDetails, weeklyOpponentId } from '../shared/league-details';
import type { RunContext } from '../shared/simulation-store';

/**
 * The result of a run's matchup once nobody can score any more, read from the league's week as it stands now: a
 * run made before the final whistle keeps its odds, but a page opened after it says who won. Null while the week is
 * still being played, or when the league cannot be read.
 */
export function useFinalResult(
  context: RunContext | null,
  opponentRosterId: number | null,
): { user: number; opponent: number } | null {
  const details = useLeagueDetails(
    context?.platform ?? 'sleeper',
    context?.leagueId ?? '',
    context?.week,
    Number(context?.season) || undefined,
  );
  const data = details.data;
  if (!context || !data || data.week !== context.week || !isMatchupOver(data)) return null;
  const opponentId = opponentRosterId ?? weeklyOpponentId(data, context.userRosterId);
  if (opponentId === null) return null;
  const pointsOf = (rosterId: number) =>
    teamBoxScore(data, rosterId, sideStarters(data, { rosterId, starterIds: weekStarterIds(data, rosterId) }))
      .points;
  return { user: pointsOf(context.userRosterId), opponent: pointsOf(opponentId) };
}
