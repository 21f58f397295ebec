import { roundPoints } from '@fm/projections';
import {
  type AppLeague,
  type AppMatchup,
  DEFAULT_AVATAR_URL,
  FREE_AGENT_TEAM,
  type LeagueStatus,
  type PlatformPlayer,
  type PlatformRoster,
  UNKNOWN_OWNER_NAME,
  UNKNOWN_PLAYER_NAME,
  UNKNOWN_POSITION,
} from '../league-shapes.js';
import {
  ESPN_ACTUAL_STATS,
  ESPN_BENCH_SLOT_ID,
  ESPN_IR_SLOT_ID,
  ESPN_LINEUP_SLOTS,
  ESPN_NON_STARTING_SLOT_IDS,
  ESPN_POSITIONS,
  ESPN_PRO_TEAMS,
  ESPN_WEEK_SPLIT,
  injuryStatusOf,
  lineupSlotOrder,
} from './ids.js';
import type { EspnLeague, EspnMatchupSide, EspnPlayer, EspnRosterEntry, EspnTeam } from './schemas.js';
import { toSleeperScoring, unsupportedEspnScoring } from './scoring.js';

/** ESPN's league status → ours. */
export function espnLeagueStatus(league: EspnLeague): LeagueStatus {
  if (league.draftDetail?.inProgress) return 'drafting';
  if (league.draftDetail && league.draftDetail.drafted === false) return 'pre_draft';
  const status = league.status;
  if (status?.isExpired || status?.isActive === false) return 'complete';
  if (
    status?.latestScoringPeriod !== undefined &&
    status.finalScoringPeriod !== undefined &&
    status.latestScoringPeriod > status.finalScoringPeriod
  ) {
    return 'complete';
  }
  return 'in_season';
}

/**
 * The week ESPN considers current for this league: its latest scoring period (the answer's own
 * `scoringPeriodId` echoes the week asked for), kept within the league's season.
 */
export function espnCurrentWeek(league: EspnLeague): number {
  const latest = league.status?.latestScoringPeriod ?? league.scoringPeriodId ?? 1;
  const last = league.status?.finalScoringPeriod;
  return last === undefined ? latest : Math.min(latest, last);
}

/** The matchup period a week belongs to (usually the same number; two-week playoff rounds differ). */
export function matchupPeriodOfWeek(league: EspnLeague, week: number): number {
  const periods = league.settings.scheduleSettings?.matchupPeriods ?? {};
  for (const [period, weeks] of Object.entries(periods)) if (weeks.includes(week)) return Number(period);
  return week;
}

/**
 * Slot counts as Sleeper's `roster_positions`: {0:1, 2:2, 23:1, 20:6} → ["QB","RB","RB","FLEX","BN"×6],
 * read by slot id in lineup order, slots we do not know left out.
 */
export function toRosterPositions(slotCounts: Record<string, number>): string[] {
  return Object.entries(slotCounts)
    .map(([id, count]) => ({ id: Number(id), count }))
    .filter(({ id, count }) => count > 0 && ESPN_LINEUP_SLOTS.has(id))
    .sort((a, b) => lineupSlotOrder(a.id) - lineupSlotOrder(b.id))
    .flatMap(({ id, count }) => Array.from({ length: count }, () => ESPN_LINEUP_SLOTS.get(id)!));
}

function firstPlayoffWeek(league: EspnLeague): number | null {
  const schedule = league.settings.scheduleSettings;
  if (schedule?.matchupPeriodCount === undefined) return null;
  const period = schedule.matchupPeriodCount + 1;
  return schedule.matchupPeriods?.[String(period)]?.[0] ?? period;
}

/**
 * The league's teams; an answer without the mTeam view still names them in its schedule, so they are
 * read from there (numbered, without owners) rather than lost.
 */
export function espnTeams(league: EspnLeague): EspnTeam[] {
  if (league.teams.length > 0) return league.teams;
  const ids = new Set(
    league.schedule
      .flatMap((item) => [item.home?.teamId, item.away?.teamId])
      .filter((id) => id !== undefined),
  );
  return [...ids].sort((a, b) => a - b).map((id) => ({ id, name: `Team ${id}`, owners: [] }));
}

export function toAppLeague(league: EspnLeague): AppLeague {
  const { settings } = league;
  const numTeams = espnTeams(league).length || settings.size || 0;
  return {
    league_id: String(league.id),
    name: settings.name?.trim() || `ESPN league ${league.id}`,
    total_rosters: numTeams,
    season: String(league.seasonId),
    status: espnLeagueStatus(league),
    roster_positions: toRosterPositions(settings.rosterSettings?.lineupSlotCounts ?? {}),
    scoring_settings: toSleeperScoring(settings.scoringSettings?.scoringItems ?? []),
    settings: {
      num_teams: numTeams,
      playoff_teams: settings.scheduleSettings?.playoffTeamCount ?? null,
      playoff_week_start: firstPlayoffWeek(league),
      league_average_match: 0,
      league_type: null,
      start_week: league.status?.firstScoringPeriod ?? null,
    },
    avatar: null,
    current_week: espnCurrentWeek(league),
  };
}

/**
 * The league's settings our points cannot apply as ESPN does (`espn_<stat id>`), sorted; settings mapped to a key
 * our scorer does not read are among them.
 */
export function espnUnsupportedScoring(league: EspnLeague): string[] {
  return unsupportedEspnScoring(league.settings.scoringSettings?.scoringItems ?? []);
}

export function espnPlayerName(player: Pick<EspnPlayer, 'fullName' | 'firstName' | 'lastName'>): string {
  const joined = [player.firstName, player.lastName].filter(Boolean).join(' ');
  return player.fullName?.trim() || joined || UNKNOWN_PLAYER_NAME;
}

/** How ESPN players are known to Sleeper: the Sleeper id of those its directory links. */
export interface EspnPlayerIds {
  sleeperIdByEspnId?: ReadonlyMap<string, string>;
}

/** ESPN player → app player, with the Sleeper id our projections are read by, when known. */
export function toAppPlayer(entry: EspnRosterEntry, ids: EspnPlayerIds = {}): PlatformPlayer {
  const { player } = entry.playerPoolEntry;
  const playerId = String(player.id);
  const sleeperId = ids.sleeperIdByEspnId?.get(playerId);
  return {
    player_id: playerId,
    name: espnPlayerName(player),
    position: ESPN_POSITIONS.get(player.defaultPositionId) ?? UNKNOWN_POSITION,
    team: ESPN_PRO_TEAMS.get(player.proTeamId) ?? FREE_AGENT_TEAM,
    injury_status: injuryStatusOf(player.injuryStatus ?? entry.injuryStatus),
    ...(sleeperId ? { sleeper_id: sleeperId } : {}),
  };
}

/** The team's name as ESPN shows it (newer leagues: `name`; older ones: location + nickname). */
export function espnTeamName(team: EspnTeam): string {
  return team.name?.trim() || [team.location, team.nickname].filter(Boolean).join(' ').trim();
}

/**
 * A team's roster entries for the week: its own roster (view mRoster) when answered, else the one
 * carried by its side of the week's matchup.
 */
function rosterEntries(league: EspnLeague, team: EspnTeam, week: number): EspnRosterEntry[] {
  if (team.roster) return team.roster.entries;
  const side = sidesOfWeek(league, week).find((candidate) => candidate.teamId === team.id);
  return (side?.rosterForCurrentScoringPeriod ?? side?.rosterForMatchupPeriod)?.entries ?? [];
}

function sidesOfWeek(league: EspnLeague, week: number): EspnMatchupSide[] {
  const period = matchupPeriodOfWeek(league, week);
  return league.schedule
    .filter((item) => item.matchupPeriodId === period)
    .flatMap((item) => [item.home, item.away].filter((side): side is EspnMatchupSide => side !== undefined));
}

function byLineupSlot(a: EspnRosterEntry, b: EspnRosterEntry): number {
  return lineupSlotOrder(a.lineupSlotId) - lineupSlotOrder(b.lineupSlotId);
}

/**
 * Each team's owner, record and players split by lineup slot id (starters in lineup order). The owner is
 * answered as `ownerIdOf` their member id (a SWID, which must not leave the server as it is).
 */
export function toAppRosters(
  league: EspnLeague,
  week: number,
  ids: EspnPlayerIds,
  ownerIdOf: (memberId: string) => string,
): PlatformRoster[] {
  const members = new Map(league.members.map((member) => [member.id, member]));
  const toPlayer = (entry: EspnRosterEntry) => toAppPlayer(entry, ids);
  return espnTeams(league)
    .map((team): PlatformRoster => {
      const entries = rosterEntries(league, team, week);
      const ownerId = team.primaryOwner ?? team.owners[0] ?? null;
      const owner = ownerId ? members.get(ownerId) : undefined;
      const record = team.record?.overall;
      return {
        roster_id: team.id,
        owner_id: ownerId ? ownerIdOf(ownerId) : null,
        owner_name: espnTeamName(team) || owner?.displayName || UNKNOWN_OWNER_NAME,
        owner_avatar: team.logo?.startsWith('https://') ? team.logo : DEFAULT_AVATAR_URL,
        wins: record?.wins ?? 0,
        losses: record?.losses ?? 0,
        ties: record?.ties ?? 0,
        fpts: roundPoints(record?.pointsFor ?? 0),
        fpts_against: roundPoints(record?.pointsAgainst ?? 0),
        players: {
          starters: entries
            .filter((entry) => !ESPN_NON_STARTING_SLOT_IDS.has(entry.lineupSlotId))
            .sort(byLineupSlot)
            .map(toPlayer),
          bench: entries.filter((entry) => entry.lineupSlotId === ESPN_BENCH_SLOT_ID).map(toPlayer),
          reserve: entries.filter((entry) => entry.lineupSlotId === ESPN_IR_SLOT_ID).map(toPlayer),
        },
      };
    })
    .sort((a, b) => a.roster_id - b.roster_id);
}

/** Points a player scored in `week` by the league's scoring, when ESPN has recorded any. */
function weekPoints(entry: EspnRosterEntry, week: number): number | undefined {
  const actual = entry.playerPoolEntry.player.stats.find(
    (stat) =>
      stat.statSourceId === ESPN_ACTUAL_STATS &&
      stat.statSplitTypeId === ESPN_WEEK_SPLIT &&
      stat.scoringPeriodId === week,
  );
  if (actual?.appliedTotal !== undefined) return roundPoints(actual.appliedTotal);
  const applied = entry.playerPoolEntry.appliedStatTotal;
  // Before kickoff ESPN reports 0 for everyone: that is "nothing recorded", not a scored zero.
  return applied ? roundPoints(applied) : undefined;
}

/**
 * The week's games, one app matchup per side: live totals while games are played (final totals
 * after), each starter's points of the week, and ESPN's projected total. Games are numbered from 1.
 */
export function toAppMatchups(league: EspnLeague, week: number): AppMatchup[] {
  const period = matchupPeriodOfWeek(league, week);
  const items = league.schedule.filter((item) => item.matchupPeriodId === period);
  return items.flatMap((item, index) =>
    [item.home, item.away]
      .filter((side): side is EspnMatchupSide => side !== undefined)
      .map((side): AppMatchup => {
        const entries = (side.rosterForCurrentScoringPeriod ?? side.rosterForMatchupPeriod)?.entries ?? [];
        const starters = entries.filter((entry) => !ESPN_NON_STARTING_SLOT_IDS.has(entry.lineupSlotId));
        const playersPoints: Record<string, number> = {};
        for (const entry of entries) {
          const points = weekPoints(entry, week);
          if (points !== undefined) playersPoints[String(entry.playerId)] = points;
        }
        return {
          matchup_id: index + 1,
          roster_id: side.teamId,
          points: roundPoints(side.totalPointsLive ?? side.totalPoints ?? 0),
          players_points: playersPoints,
          starters: starters.sort(byLineupSlot).map((entry) => String(entry.playerId)),
          projected_points:
            side.totalProjectedPointsLive === undefined || side.totalProjectedPointsLive === null
              ? null
              : roundPoints(side.totalProjectedPointsLive),
        };
      }),
  );
}
