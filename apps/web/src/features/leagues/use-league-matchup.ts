import { sideStarters, weekStarterIds } from '@fm/contract';
import { useMemo } from 'react';
import type { EngineClient } from '../simulate/shared/engine-api';
import { getEngineWorker } from '../simulate/shared/engine-client';
import {
  rosterById,
  useLeagueDetails,
  weeklyOpponentId,
  type LeaguePlatform,
} from '../simulate/shared/league-details';
import { previewMatchupInput, teamName } from '../simulate/shared/matchup-inputs';
import { useEnginePreview } from '../simulate/shared/use-engine-preview';
import { isMatchupOver, teamBoxScore } from '../simulate/league/box-score';

/** A worker that cannot start (no Worker in this browser) shows as an error, not an exception. */
const engineOrError: EngineClient = {
  run: (task, input) => Promise.resolve().then(() => getEngineWorker().run(task, input)),
};

export type LeagueMatchupState =
  | { status: 'loading' }
  | { status: 'error'; retry(): void }
  | { status: 'no-team' }
  | { status: 'no-matchup'; week: number }
  | { status: 'final'; week: number; opponentName: string; points: number; opponentPoints: number }
  | {
      status: 'ready';
      week: number;
      opponentName: string;
      /** Null while the browser engine is still simulating. */
      winProbability: number | null;
      /** Both line-ups' projected finals (the simulation's means); null while it runs. */
      projected: { user: number; opponent: number } | null;
    };

/**
 * This week's matchup of the user's team in one league: the opponent from the league's matchups
 * and the win probability of the starting line-ups, simulated in the browser with the same seed
 * and iterations as the matchup page, so both pages show the same figure.
 */
export function useLeagueMatchup(platform: LeaguePlatform, leagueId: string): LeagueMatchupState {
  const details = useLeagueDetails(platform, leagueId);
  const data = details.data;
  const sides = useMemo(() => {
    if (!data || data.my_roster_id === null) return null;
    const opponentId = weeklyOpponentId(data, data.my_roster_id);
    if (opponentId === null) return null;
    const starters = (rosterId: number) => weekStarterIds(data, rosterId);
    // the points the league page's box score shows: its line-up's points on the board
    const pointsOf = (rosterId: number) =>
      teamBoxScore(data, rosterId, sideStarters(data, { rosterId, starterIds: starters(rosterId) })).points;
    const isOver = isMatchupOver(data);
    return {
      opponentName: teamName(rosterById(data, opponentId)),
      points: pointsOf(data.my_roster_id),
      opponentPoints: pointsOf(opponentId),
      isOver,
      // Once every game is over there is a result, not a probability: nothing to simulate.
      input: isOver
        ? null
        : previewMatchupInput(
            data,
            { rosterId: data.my_roster_id, starterIds: starters(data.my_roster_id) },
            { rosterId: opponentId, starterIds: starters(opponentId) },
          ),
    };
  }, [data]);
  const preview = useEnginePreview('matchup', sides?.input ?? null, { debounceMs: 0, engine: engineOrError });

  if (details.isError && !data) return { status: 'error', retry: () => void details.refetch() };
  if (!data) return { status: 'loading' };
  if (data.my_roster_id === null) return { status: 'no-team' };
  if (!sides) return { status: 'no-matchup', week: data.week };
  if (sides.isOver) {
    const { opponentName, points, opponentPoints } = sides;
    return { status: 'final', week: data.week, opponentName, points, opponentPoints };
  }
  if (preview.status === 'error') return { status: 'error', retry: () => void details.refetch() };
  return {
    status: 'ready',
    week: data.week,
    opponentName: sides.opponentName,
    winProbability: preview.result?.winProbability ?? null,
    projected: preview.result
      ? { user: preview.result.user.mean, opponent: preview.result.opponent.mean }
      : null,
  };
}
