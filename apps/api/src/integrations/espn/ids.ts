/**
 * ESPN Fantasy Football's published numeric codes (lineup slots, positions, NFL teams, injury
 * statuses), each translated once into the Sleeper vocabulary the rest of the app speaks.
 */

/** ESPN's game id for fantasy football (`gameId` in a league answer; other sports differ). */
export const ESPN_FOOTBALL_GAME_ID = 1;
/** Leagues before this season live behind ESPN's old history API, which we do not read. */
export const FIRST_SUPPORTED_ESPN_SEASON = 2018;

/** `statSourceId` 0 is what happened, 1 ESPN's projection; `statSplitTypeId` 1 is one scoring period (week). */
export const ESPN_ACTUAL_STATS = 0;
export const ESPN_PROJECTED_STATS = 1;
export const ESPN_WEEK_SPLIT = 1;

export const ESPN_BENCH_SLOT_ID = 20;
export const ESPN_IR_SLOT_ID = 21;
export const ESPN_DST_SLOT_ID = 16;

/**
 * Lineup slot id → Sleeper slot label, in the order a lineup is shown (QB first, bench last).
 * A roster's slots are always read by these ids, never by where an entry sits in a list.
 */
export const ESPN_LINEUP_SLOTS: ReadonlyMap<number, string> = new Map([
  [0, 'QB'],
  [2, 'RB'],
  [4, 'WR'],
  [6, 'TE'],
  [3, 'WRRB_FLEX'],
  [5, 'REC_FLEX'],
  [23, 'FLEX'],
  [7, 'SUPER_FLEX'],
  [16, 'DEF'],
  [17, 'K'],
  [8, 'DT'],
  [9, 'DE'],
  [10, 'LB'],
  [11, 'DL'],
  [12, 'CB'],
  [13, 'S'],
  [14, 'DB'],
  [15, 'IDP_FLEX'],
  [ESPN_BENCH_SLOT_ID, 'BN'],
  [ESPN_IR_SLOT_ID, 'IR'],
]);

/** Slot ids that are not starting slots. */
export const ESPN_NON_STARTING_SLOT_IDS: ReadonlySet<number> = new Set([ESPN_BENCH_SLOT_ID, ESPN_IR_SLOT_ID]);

/** Where a slot id sits in ESPN_LINEUP_SLOTS' order (unknown slots last). */
export function lineupSlotOrder(slotId: number): number {
  const index = [...ESPN_LINEUP_SLOTS.keys()].indexOf(slotId);
  return index === -1 ? ESPN_LINEUP_SLOTS.size : index;
}

/** `defaultPositionId` → position. */
export const ESPN_POSITIONS: ReadonlyMap<number, string> = new Map([
  [1, 'QB'],
  [2, 'RB'],
  [3, 'WR'],
  [4, 'TE'],
  [5, 'K'],
  [16, 'DEF'],
]);

/** `proTeamId` → team code as Sleeper writes it (0 is a free agent). */
export const ESPN_PRO_TEAMS: ReadonlyMap<number, string> = new Map([
  [1, 'ATL'],
  [2, 'BUF'],
  [3, 'CHI'],
  [4, 'CIN'],
  [5, 'CLE'],
  [6, 'DAL'],
  [7, 'DEN'],
  [8, 'DET'],
  [9, 'GB'],
  [10, 'TEN'],
  [11, 'IND'],
  [12, 'KC'],
  [13, 'LV'],
  [14, 'LAR'],
  [15, 'MIA'],
  [16, 'MIN'],
  [17, 'NE'],
  [18, 'NO'],
  [19, 'NYG'],
  [20, 'NYJ'],
  [21, 'PHI'],
  [22, 'ARI'],
  [23, 'PIT'],
  [24, 'LAC'],
  [25, 'SF'],
  [26, 'SEA'],
  [27, 'TB'],
  [28, 'WAS'],
  [29, 'CAR'],
  [30, 'JAX'],
  [33, 'BAL'],
  [34, 'HOU'],
]);

/** ESPN injury statuses → Sleeper's words; ACTIVE and NORMAL mean healthy (null). */
const ESPN_INJURY_STATUSES: Record<string, string | null> = {
  ACTIVE: null,
  NORMAL: null,
  QUESTIONABLE: 'Questionable',
  DOUBTFUL: 'Doubtful',
  OUT: 'Out',
  INJURY_RESERVE: 'IR',
  SUSPENSION: 'Sus',
  DAY_TO_DAY: 'Questionable',
  PROBABLE: 'Questionable',
};

export function injuryStatusOf(espnStatus: string | null | undefined): string | null {
  if (!espnStatus) return null;
  const known = ESPN_INJURY_STATUSES[espnStatus.toUpperCase()];
  if (known !== undefined) return known;
  // An unknown code is still news for the person: show it readably rather than drop it.
  return espnStatus.charAt(0).toUpperCase() + espnStatus.slice(1).toLowerCase().replace(/_/g, ' ');
}
