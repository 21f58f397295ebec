import {
  type AppLeague,
  type AppMatchup,
  DEFAULT_AVATAR_URL,
  FREE_AGENT_TEAM,
  type PlatformPlayer,
  type PlatformRoster,
  UNKNOWN_OWNER_NAME,
  UNKNOWN_PLAYER_NAME,
  UNKNOWN_POSITION,
} from '../league-shapes.js';
import type {
  SleeperLeague,
  SleeperLeagueUser,
  SleeperMatchup,
  SleeperPlayerDirectory,
  SleeperRoster,
  SleeperUser,
} from './schemas.js';

export const SLEEPER_AVATAR_THUMB_URL = 'https://sleepercdn.com/avatars/thumbs/';
/** Sleeper marks an empty starting slot with the player id "0". */
export const EMPTY_SLOT_ID = '0';
/** Team defenses are keyed by the team abbreviation instead of a numeric id. */
const TEAM_DEFENSE_ID = /^[A-Z]{2,3}$/;

/** Thumbnail URL for a Sleeper avatar id; the default image when there is none. */
export function sleeperAvatarUrl(avatarId: string | null | undefined): string {
  return avatarId ? `${SLEEPER_AVATAR_THUMB_URL}${encodeURIComponent(avatarId)}` : DEFAULT_AVATAR_URL;
}

/** Sleeper account lookup: user_id, display_name, avatar → id, name, avatar. */
export function toAppSleeperAccount(user: SleeperUser & { user_id: string }): {
  id: string;
  name: string;
  avatar: string;
} {
  return {
    id: user.user_id,
    name: user.display_name || user.username || user.user_id,
    avatar: sleeperAvatarUrl(user.avatar),
  };
}

export function toAppLeague(league: SleeperLeague, username?: string): AppLeague {
  const settings = league.settings ?? {};
  return {
    league_id: league.league_id,
    name: league.name,
    total_rosters: league.total_rosters,
    season: league.season,
    status: league.status,
    roster_positions: league.roster_positions ?? [],
    scoring_settings: withoutNulls(league.scoring_settings ?? {}),
    settings: {
      num_teams: numberOr(settings.num_teams, league.total_rosters),
      playoff_teams: numberOr(settings.playoff_teams, null),
      playoff_week_start: numberOr(settings.playoff_week_start, null),
      league_average_match: numberOr(settings.league_average_match, 0),
      league_type: numberOr(settings.type, null),
      start_week: numberOr(settings.start_week, null),
    },
    avatar: league.avatar ? sleeperAvatarUrl(league.avatar) : null,
    ...(username === undefined ? {} : { username }),
  };
}

/** One app player for a Sleeper id, with defaults for anything the directory lacks. */
export function toAppPlayer(playerId: string, directory: SleeperPlayerDirectory): PlatformPlayer {
  const entry = directory[playerId];
  if (!entry) {
    if (TEAM_DEFENSE_ID.test(playerId)) {
      return {
        player_id: playerId,
        name: `${playerId} Defense`,
        position: 'DEF',
        team: playerId,
        injury_status: null,
      };
    }
    return {
      player_id: playerId,
      name: UNKNOWN_PLAYER_NAME,
      position: UNKNOWN_POSITION,
      team: FREE_AGENT_TEAM,
      injury_status: null,
    };
  }
  const joinedName = [entry.first_name, entry.last_name].filter(Boolean).join(' ');
  return {
    player_id: playerId,
    name: entry.full_name || joinedName || UNKNOWN_PLAYER_NAME,
    position: entry.position || UNKNOWN_POSITION,
    team: entry.team || FREE_AGENT_TEAM,
    injury_status: entry.injury_status ?? null,
  };
}

export function toAppRosters(
  rosters: SleeperRoster[],
  users: SleeperLeagueUser[],
  directory: SleeperPlayerDirectory,
): PlatformRoster[] {
  const usersById = new Map(users.map((user) => [user.user_id, user]));
  return rosters.map((roster) =>
    toAppRoster(roster, roster.owner_id ? usersById.get(roster.owner_id) : undefined, directory),
  );
}

export function toAppRoster(
  roster: SleeperRoster,
  owner: SleeperLeagueUser | undefined,
  directory: SleeperPlayerDirectory,
): PlatformRoster {
  const starterIds = (roster.starters ?? []).filter((id) => id !== EMPTY_SLOT_ID);
  const reserveIds = [...(roster.reserve ?? []), ...(roster.taxi ?? [])];
  const notOnBench = new Set([...starterIds, ...reserveIds]);
  const benchIds = (roster.players ?? []).filter((id) => !notOnBench.has(id));
  const settings = roster.settings ?? {};
  const toPlayer = (id: string) => toAppPlayer(id, directory);
  return {
    roster_id: roster.roster_id,
    owner_id: roster.owner_id ?? null,
    owner_name: owner?.metadata?.team_name || owner?.display_name || UNKNOWN_OWNER_NAME,
    owner_avatar: ownerAvatar(owner),
    wins: settings.wins ?? 0,
    losses: settings.losses ?? 0,
    ties: settings.ties ?? 0,
    fpts: withHundredths(settings.fpts, settings.fpts_decimal),
    fpts_against: withHundredths(settings.fpts_against, settings.fpts_against_decimal),
    players: {
      starters: starterIds.map(toPlayer),
      bench: benchIds.map(toPlayer),
      reserve: [...new Set(reserveIds)].map(toPlayer),
    },
  };
}

export function toAppMatchups(matchups: SleeperMatchup[]): AppMatchup[] {
  return matchups.map((matchup) => ({
    matchup_id: matchup.matchup_id ?? null,
    roster_id: matchup.roster_id,
    // A commissioner's override replaces the computed score.
    points: matchup.custom_points ?? matchup.points ?? 0,
    players_points: withoutNulls(matchup.players_points ?? {}),
    starters: (matchup.starters ?? []).filter((id) => id !== EMPTY_SLOT_ID),
  }));
}

function ownerAvatar(owner: SleeperLeagueUser | undefined): string {
  if (owner?.avatar) return sleeperAvatarUrl(owner.avatar);
  const uploaded = owner?.metadata?.avatar;
  return uploaded && uploaded.startsWith('https://') ? uploaded : DEFAULT_AVATAR_URL;
}

/** Sleeper splits points into an integer part and hundredths: 1762 + 96 → 1762.96. */
function withHundredths(whole: number | null | undefined, hundredths: number | null | undefined): number {
  return Math.round(((whole ?? 0) + (hundredths ?? 0) / 100) * 100) / 100;
}

function numberOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function withoutNulls(map: Record<string, number | null>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [key, value] of Object.entries(map)) if (value !== null) result[key] = value;
  return result;
}
