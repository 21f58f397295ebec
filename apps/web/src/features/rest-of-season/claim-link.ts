import { type Platform, PLATFORM_LABELS } from '@fm/contract';

/** Where a free agent is claimed, and the words of the link. */
export interface ClaimLink {
  href: string;
  /** "Claim Jaylen Warren on Sleeper". */
  label: string;
}

/** Yahoo's league key ("449.l.12345") → the league number its web pages use ("12345"). */
function yahooLeagueNumber(leagueKey: string): string {
  return leagueKey.split('.l.').at(-1) ?? leagueKey;
}

/**
 * The free agent's page on the league's platform, to claim him. Sleeper has one page per player, by the Sleeper id
 * the list carries. Yahoo and ESPN know players by their own ids, which the list does not carry: Yahoo's link is
 * the league's player list searched for his name, ESPN's the league's add-players page.
 */
export function claimLink(
  platform: Platform,
  leagueId: string,
  player: { player_id: string; name: string },
): ClaimLink {
  const label = `Claim ${player.name} on ${PLATFORM_LABELS[platform]}`;
  switch (platform) {
    case 'sleeper':
      return { href: `https://sleeper.com/players/nfl/${encodeURIComponent(player.player_id)}`, label };
    case 'yahoo':
      return {
        href: `https://football.fantasysports.yahoo.com/f1/${encodeURIComponent(yahooLeagueNumber(leagueId))}/players?search=${encodeURIComponent(player.name)}`,
        label,
      };
    case 'espn':
      return {
        href: `https://fantasy.espn.com/football/players/add?leagueId=${encodeURIComponent(leagueId)}`,
        label,
      };
  }
}
