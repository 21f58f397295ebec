import {
  seasonOutlookInput as leagueSeasonOutlookInput,
  typicalWeeklyStd,
  type TeamWeekly,
} from '@fm/contract';
import type { SeasonOutlookInput } from '@fm/engine';
import type { LeagueDetails, LeagueRoster } from '../shared/league-details';
import { expectedPointsOf } from './matchup-players';

/** Below this many games a season average says less than the projected line-up does. */
const MIN_GAMES_FOR_AVERAGE = 3;

/** A team's expected weekly score: its season average once it has played a few games, else its projected starters. */
function weeklyOf(details: LeagueDetails, roster: LeagueRoster): TeamWeekly {
  const games = roster.wins + roster.losses + roster.ties;
  const mean =
    games >= MIN_GAMES_FOR_AVERAGE && roster.fpts > 0
      ? roster.fpts / games
      : roster.players.starters.reduce(
          (sum, player) => sum + (expectedPointsOf(details, roster.roster_id, player).points ?? 0),
          0,
        );
  return { mean, std: typicalWeeklyStd(mean) };
}

/** The league page's playoff odds: the league's remaining season (shared with the server) with these weekly figures. */
export function seasonOutlookInput(details: LeagueDetails): SeasonOutlookInput | null {
  return leagueSeasonOutlookInput(details, (summary) =>
    weeklyOf(
      details,
      details.rosters.find((roster) => roster.roster_id === summary.roster_id)!,
    ),
  );
}
