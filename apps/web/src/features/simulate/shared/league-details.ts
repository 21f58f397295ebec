import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '@fm/api';
import { trpc } from '../../../lib/trpc';
import { usePreferences } from '../../preferences/use-preferences';

export type LeagueDetails = RouterOutputs['leagues']['details'];
export type LeagueRoster = LeagueDetails['rosters'][number];
/** A rostered player, with where his game of the week stands (state, points so far, share of his game left). */
export type LeaguePlayer = LeagueRoster['players']['starters'][number];
export type LeagueProjection = LeagueDetails['projections'][string];
export type LeaguePlatform = LeagueDetails['platform'];
export type SimulationAnswer = RouterOutputs['matchup']['simulate'];
export type AnalysisAnswer = RouterOutputs['matchup']['analyze'];

/**
 * A league of the user's linked accounts: rosters, this week's matchups and projections (in the league's
 * scoring, or in the user's preferred scoring when the league does not say).
 */
export function useLeagueDetails(platform: LeaguePlatform, leagueId: string, week?: number, season?: number) {
  const scoringType = usePreferences().preferences.leagueSettings.scoringType;
  return useQuery({
    ...trpc.leagues.details.queryOptions(leagueDetailsInput(platform, leagueId, week, scoringType, season)),
    enabled: leagueId !== '',
    placeholderData: keepPreviousData,
    // Rosters and scores move during game days; a minute of staleness is fine.
    staleTime: 60_000,
    // The server already retries the platform within its few-second deadline (and answers the rosters it
    // last held when it is down): retrying here would only make a person wait longer for the same answer.
    retry: false,
  });
}

/**
 * The details query's input. Only ESPN leagues are read by season (their id stays the same every
 * season); Sleeper and Yahoo league ids already name their season.
 */
export function leagueDetailsInput(
  platform: LeaguePlatform,
  leagueId: string,
  week?: number,
  scoringType?: ReturnType<typeof usePreferences>['preferences']['leagueSettings']['scoringType'],
  season?: number,
) {
  return {
    platform,
    leagueId,
    week,
    scoring_type: scoringType,
    ...(platform === 'espn' && season ? { season } : {}),
  };
}

export function rosterById(details: LeagueDetails, rosterId: number | null): LeagueRoster | undefined {
  return details.rosters.find((roster) => roster.roster_id === rosterId);
}

/** The roster playing `rosterId` this week (same matchup_id), if any. */
export function weeklyOpponentId(details: LeagueDetails, rosterId: number): number | null {
  const mine = details.matchups.find((matchup) => matchup.roster_id === rosterId);
  if (!mine || mine.matchup_id === null) return null;
  const other = details.matchups.find(
    (matchup) => matchup.matchup_id === mine.matchup_id && matchup.roster_id !== rosterId,
  );
  return other?.roster_id ?? null;
}
