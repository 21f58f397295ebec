import { isNflTeamCode } from '../stats/team-codes.js';
import { TEAM_OFFENSE_PREFIX, type SleeperStats } from './sleeper-stats.js';

/**
 * Who played whom in a week, read from Sleeper's stat rows (which name no opponent): X and Y
 * met when X's defense allowed the yards Y's offense gained, and Y's defense those X's gained
 * (`yds_allow` of "X" against `off_yd` of "TEAM_Y", both ways). A team matching no one, or more
 * than one, is left out. Home/away is not in the data.
 */
export function opponentsFromSleeperStats(
  answer: Readonly<Record<string, SleeperStats>>,
): Map<string, string> {
  const teams = Object.keys(answer).filter(
    (id) => isNflTeamCode(id) && answer[`${TEAM_OFFENSE_PREFIX}${id}`] !== undefined,
  );
  const allowed = (team: string) => answer[team]?.yds_allow;
  const gained = (team: string) => answer[`${TEAM_OFFENSE_PREFIX}${team}`]?.off_yd;
  const opponents = new Map<string, string>();
  for (const team of teams) {
    const matches = teams.filter(
      (other) =>
        other !== team &&
        allowed(team) !== undefined &&
        allowed(team) === gained(other) &&
        allowed(other) !== undefined &&
        allowed(other) === gained(team),
    );
    if (matches.length === 1 && matches[0]) opponents.set(team, matches[0]);
  }
  return opponents;
}
