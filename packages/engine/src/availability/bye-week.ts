/** How a projection or a platform names the opponent of a team that has no game. */
export const BYE_OPPONENT = 'BYE';

/** The team code of a player on no NFL team: he has no game, yet is not on a bye. */
export const FREE_AGENT_TEAM = 'FA';

/** 13 games: the fewest the NFL plays in a regular-season week (six teams off). */
const MIN_TEAMS_IN_A_FULL_WEEK = 26;

/** Whether a stated opponent says the team has no game ("BYE" in any case, with or without "@"). */
export function isByeOpponent(opponent: string | null | undefined): boolean {
  const trimmed = opponent?.trim().replace(/^@/, '');
  return trimmed?.toUpperCase() === BYE_OPPONENT;
}

/**
 * Whether `team` has no game in a week, given the teams that play in the week's games held (home and away).
 * A week that holds no game says nothing (its schedule is not known), nor does a team the directory places on
 * no team; otherwise a team absent from the week's games is off.
 */
export function hasNoGameInWeek(team: string | null | undefined, teamsPlaying: ReadonlySet<string>): boolean {
  return teamsPlaying.size > 0 && Boolean(team) && team !== FREE_AGENT_TEAM && !teamsPlaying.has(team!);
}

/**
 * Each team's bye week of a season from its games held. A team has one bye week, so only weeks whose games are
 * all known count (at least 13 games: 32 teams less the most the NFL rests in one week); a week still being filled
 * in would put most teams on a bye.
 */
export function byeWeeks(
  games: readonly { week: number; homeTeam: string; awayTeam: string }[],
): Map<string, number> {
  const teamsByWeek = new Map<number, Set<string>>();
  for (const game of games) {
    const teams = teamsByWeek.get(game.week) ?? new Set<string>();
    teams.add(game.homeTeam).add(game.awayTeam);
    teamsByWeek.set(game.week, teams);
  }
  const everyTeam = new Set(games.flatMap((game) => [game.homeTeam, game.awayTeam]));
  const byes = new Map<string, number>();
  for (const [week, teams] of teamsByWeek) {
    if (teams.size < MIN_TEAMS_IN_A_FULL_WEEK) continue;
    for (const team of everyTeam) if (hasNoGameInWeek(team, teams)) byes.set(team, week);
  }
  return byes;
}
