import { z } from 'zod';

/**
 * The parts of ESPN's league answer (views mSettings, mTeam, mRoster, mMatchupScore, mScoreboard,
 * mStatus) the app reads. Unknown keys are dropped; every list is bounded so a hostile or broken
 * answer cannot make us hold more than a league can have.
 */

const MAX_TEAMS = 32;
const MAX_MEMBERS = 64;
const MAX_ROSTER_ENTRIES = 64;
const MAX_SCHEDULE_ITEMS = 600;
const MAX_STAT_ENTRIES = 64;
const MAX_SCORING_ITEMS = 400;

const number = z.number().finite();
const statsById = z.record(z.string().max(8), number);

export const espnStatEntrySchema = z.object({
  statSourceId: z.number().int(),
  statSplitTypeId: z.number().int(),
  scoringPeriodId: z.number().int(),
  seasonId: z.number().int().optional(),
  appliedTotal: number.optional(),
  appliedStats: statsById.optional(),
  stats: statsById.optional(),
});

export const espnPlayerSchema = z.object({
  id: z.number().int(),
  fullName: z.string().max(200).optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  defaultPositionId: z.number().int(),
  proTeamId: z.number().int().default(0),
  eligibleSlots: z.array(z.number().int()).max(40).default([]),
  injuryStatus: z.string().max(40).nullish(),
  injured: z.boolean().optional(),
  stats: z.array(espnStatEntrySchema).max(MAX_STAT_ENTRIES).default([]),
});

const rosterEntrySchema = z.object({
  playerId: z.number().int(),
  lineupSlotId: z.number().int(),
  injuryStatus: z.string().max(40).nullish(),
  playerPoolEntry: z.object({
    id: z.number().int().optional(),
    appliedStatTotal: number.nullish(),
    player: espnPlayerSchema,
  }),
});

const rosterSchema = z.object({
  appliedStatTotal: number.nullish(),
  entries: z.array(rosterEntrySchema).max(MAX_ROSTER_ENTRIES).default([]),
});

const recordSchema = z.object({
  wins: z.number().int().default(0),
  losses: z.number().int().default(0),
  ties: z.number().int().default(0),
  pointsFor: number.default(0),
  pointsAgainst: number.default(0),
});

const teamSchema = z.object({
  id: z.number().int(),
  name: z.string().max(200).optional(),
  location: z.string().max(200).optional(),
  nickname: z.string().max(200).optional(),
  abbrev: z.string().max(20).optional(),
  logo: z.string().max(2000).optional(),
  owners: z.array(z.string().max(100)).max(20).default([]),
  primaryOwner: z.string().max(100).optional(),
  record: z.object({ overall: recordSchema.optional() }).optional(),
  roster: rosterSchema.optional(),
});

const memberSchema = z.object({
  id: z.string().max(100),
  displayName: z.string().max(200).optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
});

const matchupSideSchema = z.object({
  teamId: z.number().int(),
  totalPoints: number.nullish(),
  totalPointsLive: number.nullish(),
  totalProjectedPointsLive: number.nullish(),
  rosterForCurrentScoringPeriod: rosterSchema.optional(),
  rosterForMatchupPeriod: rosterSchema.optional(),
});

const scheduleItemSchema = z.object({
  id: z.number().int(),
  matchupPeriodId: z.number().int(),
  home: matchupSideSchema.optional(),
  away: matchupSideSchema.optional(),
  winner: z.string().max(40).optional(),
  playoffTierType: z.string().max(60).optional(),
});

export const espnScoringItemSchema = z.object({
  statId: z.number().int(),
  points: number,
  pointsOverrides: z.record(z.string().max(8), number).optional(),
});

const settingsSchema = z.object({
  name: z.string().max(200).optional(),
  size: z.number().int().optional(),
  rosterSettings: z
    .object({ lineupSlotCounts: z.record(z.string().max(8), z.number().int().min(0).max(50)) })
    .optional(),
  scoringSettings: z
    .object({ scoringItems: z.array(espnScoringItemSchema).max(MAX_SCORING_ITEMS).default([]) })
    .optional(),
  scheduleSettings: z
    .object({
      matchupPeriodCount: z.number().int().optional(),
      matchupPeriods: z.record(z.string().max(8), z.array(z.number().int()).max(20)).optional(),
      playoffTeamCount: z.number().int().optional(),
    })
    .optional(),
});

const statusSchema = z.object({
  currentMatchupPeriod: z.number().int().optional(),
  latestScoringPeriod: z.number().int().optional(),
  firstScoringPeriod: z.number().int().optional(),
  finalScoringPeriod: z.number().int().optional(),
  isActive: z.boolean().optional(),
  isExpired: z.boolean().optional(),
});

export const espnLeagueSchema = z.object({
  id: z.number().int(),
  gameId: z.number().int().optional(),
  seasonId: z.number().int(),
  scoringPeriodId: z.number().int().optional(),
  /** Absent when the mSettings view was not answered; the league then reads with defaults. */
  settings: settingsSchema.default({}),
  status: statusSchema.optional(),
  teams: z.array(teamSchema).max(MAX_TEAMS).default([]),
  members: z.array(memberSchema).max(MAX_MEMBERS).default([]),
  schedule: z.array(scheduleItemSchema).max(MAX_SCHEDULE_ITEMS).default([]),
  draftDetail: z.object({ drafted: z.boolean().optional(), inProgress: z.boolean().optional() }).optional(),
});

/** More players than ESPN projects in a week (the pool is asked for fewer, most owned first). */
export const MAX_POOL_PLAYERS = 1_000;

/**
 * ESPN's public player pool (view kona_player_info of the default PPR league): every player with the
 * stat entries the request's filter asked for (the week's projection).
 */
export const espnPlayerPoolSchema = z.object({
  players: z
    .array(z.object({ id: z.number().int().optional(), player: espnPlayerSchema }))
    .max(MAX_POOL_PLAYERS),
});

export type EspnLeague = z.output<typeof espnLeagueSchema>;
export type EspnTeam = EspnLeague['teams'][number];
export type EspnMember = EspnLeague['members'][number];
export type EspnScheduleItem = EspnLeague['schedule'][number];
export type EspnMatchupSide = NonNullable<EspnScheduleItem['home']>;
export type EspnRosterEntry = z.output<typeof rosterEntrySchema>;
export type EspnPlayer = z.output<typeof espnPlayerSchema>;
