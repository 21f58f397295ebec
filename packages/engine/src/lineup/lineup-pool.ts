import { EngineInputError } from '../errors.js';
import { canFill, playablePositions, slotAccepts, type StartingSlot } from './slots.js';
import type { SeasonPlayer, SeasonRoster, WeeklyLineups } from './season-player.js';

/**
 * Every rostered player of a league in flat typed arrays, and the best line-up of any roster, with players
 * left out or added, in any remaining week.
 *
 * The sets of players that can fill the starting slots together form a transversal matroid, so the greedy
 * rule is optimal (Edmonds 1971, "Matroids and the greedy algorithm"): take players from the highest
 * expected points down and keep each one an augmenting path (Kuhn 1955) can still seat. Players expected to
 * score nothing (a bye, ruled out) or less do not start: an empty slot scores as much.
 */
export class LineupPool {
  readonly weekCount: number;
  readonly ids: readonly string[];
  readonly rosterIds: readonly number[];
  /** Roster index of each player. */
  readonly rosterOf: Int32Array;
  /** Player indices of each roster, in the order given. */
  readonly members: readonly Int32Array[];
  /** [player × weekCount + week]. */
  readonly means: Float64Array;
  readonly variances: Float64Array;
  /** Sum of each player's weekly means (the tie-break of "least valuable"). */
  readonly totalMeans: Float64Array;
  /** Whether the player fits at least one slot the engine values (IDP players do not). */
  readonly isStartable: Uint8Array;

  private readonly indexById: ReadonlyMap<string, number>;
  private readonly slotsOf: readonly Int32Array[];
  private readonly slots: readonly StartingSlot[];
  private readonly players: readonly SeasonPlayer[];
  /** Every starting slot each player's positions are accepted in, the engine's or not (IDP slots too); on first use. */
  private anySlotsOfCache: readonly Int32Array[] | undefined;
  private readonly valuedSlotCount: number;
  /** [roster × weekCount + week] → the roster's startable players, highest expected points first. */
  private readonly rankedByWeek: readonly Int32Array[];

  private readonly holder: Int32Array;
  private readonly visited: Int32Array;
  private visitStamp = 0;
  private readonly excluded: Int32Array;
  private excludeStamp = 0;
  private readonly incomingRanked: number[] = [];
  /** Starters of the last line-up computed, in `starters[0 … starterCount)`. */
  readonly starters: Int32Array;
  starterCount = 0;

  constructor(rosters: readonly SeasonRoster[], slots: readonly StartingSlot[]) {
    const players = rosters.flatMap((roster) => roster.players);
    const weekCount = players[0]?.weeklyMeans.length ?? 0;
    this.weekCount = weekCount;
    this.rosterIds = rosters.map((roster) => roster.rosterId);
    this.ids = players.map((player) => player.id);
    const indexById = new Map<string, number>();
    players.forEach((player, index) => {
      if (indexById.has(player.id)) {
        throw new EngineInputError('INVALID_INPUT', 'rosters', `player ${player.id} is on two rosters`);
      }
      indexById.set(player.id, index);
      for (const [field, values] of [
        ['weeklyMeans', player.weeklyMeans],
        ['weeklyStds', player.weeklyStds ?? player.weeklyMeans],
      ] as const) {
        if (values.length !== weekCount || values.some((value) => !Number.isFinite(value))) {
          throw new EngineInputError(
            'INVALID_INPUT',
            `rosters.players.${field}`,
            `${field} of player ${player.id} must hold one finite number per remaining week (${weekCount})`,
          );
        }
      }
    });
    this.indexById = indexById;

    this.rosterOf = new Int32Array(players.length);
    let offset = 0;
    this.members = rosters.map((roster, r) => {
      const indices = Int32Array.from(roster.players, (_, i) => offset + i);
      this.rosterOf.fill(r, offset, offset + roster.players.length);
      offset += roster.players.length;
      return indices;
    });

    this.means = new Float64Array(players.length * weekCount);
    this.variances = new Float64Array(players.length * weekCount);
    this.totalMeans = new Float64Array(players.length);
    players.forEach((player, p) => {
      for (let w = 0; w < weekCount; w++) {
        this.means[p * weekCount + w] = player.weeklyMeans[w]!;
        this.variances[p * weekCount + w] = (player.weeklyStds?.[w] ?? 0) ** 2;
        this.totalMeans[p] = this.totalMeans[p]! + player.weeklyMeans[w]!;
      }
    });

    this.slotsOf = players.map((player) => {
      const positions = playablePositions(player.position, player.eligiblePositions);
      return Int32Array.from(slots.flatMap((slot, index) => (canFill(slot, positions) ? [index] : [])));
    });
    this.isStartable = Uint8Array.from(this.slotsOf, (list) => (list.length > 0 ? 1 : 0));
    this.valuedSlotCount = slots.filter((slot) => slot.eligible !== null).length;
    this.slots = slots;
    this.players = players;

    this.rankedByWeek = this.members.flatMap((indices) =>
      Array.from({ length: weekCount }, (_, w) =>
        Int32Array.from(
          [...indices]
            .filter((p) => this.isStartable[p] === 1)
            .sort((a, b) => this.means[b * weekCount + w]! - this.means[a * weekCount + w]! || a - b),
        ),
      ),
    );

    this.holder = new Int32Array(slots.length);
    this.visited = new Int32Array(slots.length);
    this.excluded = new Int32Array(players.length);
    this.starters = new Int32Array(slots.length);
  }

  get playerCount(): number {
    return this.ids.length;
  }

  indexOf(id: string): number | undefined {
    return this.indexById.get(id);
  }

  mean(player: number, week: number): number {
    return this.means[player * this.weekCount + week]!;
  }

  /** Leaves `players` out of every line-up computed until the next call. */
  exclude(players: readonly number[]): void {
    this.excludeStamp++;
    for (const player of players) this.excluded[player] = this.excludeStamp;
  }

  /**
   * Expected points of the best line-up of roster `r` in week `week`, without the excluded players and with
   * `incoming` (players of other rosters) added. Its starters are left in `starters`.
   */
  bestLineupPoints(r: number, week: number, incoming: readonly number[] = []): number {
    const ranked = this.rankedByWeek[r * this.weekCount + week]!;
    const arrivals = this.rankIncoming(incoming, week);
    this.holder.fill(-1);
    this.starterCount = 0;
    let points = 0;
    let i = 0;
    let j = 0;
    while (this.starterCount < this.valuedSlotCount && (i < ranked.length || j < arrivals.length)) {
      let player: number;
      if (i < ranked.length && this.excluded[ranked[i]!] === this.excludeStamp) {
        i++;
        continue;
      }
      if (
        j >= arrivals.length ||
        (i < ranked.length && this.mean(ranked[i]!, week) >= this.mean(arrivals[j]!, week))
      ) {
        player = ranked[i++]!;
      } else {
        player = arrivals[j++]!;
      }
      // Everyone left expects no points (a bye, ruled out): an empty slot scores as much.
      if (this.mean(player, week) <= 0) break;
      this.visitStamp++;
      if (this.seat(player, this.slotsOf)) {
        this.starters[this.starterCount++] = player;
        points += this.mean(player, week);
      }
    }
    return points;
  }

  /**
   * Roster r's best line-up in week `week` (without the excluded players, with `incoming`): its expected points,
   * their standard deviation √Σσ² (the starters taken as independent) and its starters' ids.
   */
  weekLineup(r: number, week: number, incoming: readonly number[] = []): WeekLineup {
    const mean = this.bestLineupPoints(r, week, incoming);
    return {
      mean,
      std: Math.sqrt(this.startersVariance(week)),
      starters: Array.from(this.starters.subarray(0, this.starterCount), (p) => this.ids[p]!),
    };
  }

  /** Roster r's best line-ups, per week, without `leaving` and with `incoming`. */
  weeklyLineups(r: number, leaving: readonly number[] = [], incoming: readonly number[] = []): WeeklyLineups {
    this.exclude(leaving);
    const lineups: WeeklyLineups = { means: [], stds: [], starters: [] };
    for (let w = 0; w < this.weekCount; w++) {
      const { mean, std, starters } = this.weekLineup(r, w, incoming);
      lineups.means.push(mean);
      lineups.stds.push(std);
      lineups.starters.push(starters);
    }
    this.exclude([]);
    return lineups;
  }

  /**
   * How many starting slots roster r's players (without the excluded ones, with `incoming`) can fill at once,
   * whoever scores what; IDP slots count here, so a team's only player at any slot is seen as such.
   */
  fillableSlots(r: number, incoming: readonly number[] = []): number {
    this.holder.fill(-1);
    const members = this.members[r]!;
    let filled = 0;
    for (let k = 0; k < members.length + incoming.length && filled < this.holder.length; k++) {
      const player = k < members.length ? members[k]! : incoming[k - members.length]!;
      if (k < members.length && this.excluded[player] === this.excludeStamp) continue;
      this.visitStamp++;
      if (this.seat(player, this.anySlotsOf)) filled++;
    }
    return filled;
  }

  private get anySlotsOf(): readonly Int32Array[] {
    this.anySlotsOfCache ??= this.players.map((player) => {
      const labels = listedPositions(player);
      return Int32Array.from(
        this.slots.flatMap((slot, index) =>
          labels.some((label) => slotAccepts(slot.label, label)) ? [index] : [],
        ),
      );
    });
    return this.anySlotsOfCache;
  }

  /** Variance of the points of the starters of the last line-up computed. */
  startersVariance(week: number): number {
    let variance = 0;
    for (let s = 0; s < this.starterCount; s++) {
      variance += this.variances[this.starters[s]! * this.weekCount + week]!;
    }
    return variance;
  }

  private rankIncoming(incoming: readonly number[], week: number): readonly number[] {
    const ranked = this.incomingRanked;
    ranked.length = 0;
    for (const player of incoming) {
      if (this.isStartable[player] === 1) ranked.push(player);
    }
    if (ranked.length > 1) ranked.sort((a, b) => this.mean(b, week) - this.mean(a, week) || a - b);
    return ranked;
  }

  // An empty eligible slot first; otherwise an augmenting path through the slots' holders.
  private seat(player: number, slotsOf: readonly Int32Array[]): boolean {
    const slots = slotsOf[player]!;
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k]!;
      if (this.holder[slot] === -1) {
        this.holder[slot] = player;
        return true;
      }
    }
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k]!;
      if (this.visited[slot] === this.visitStamp) continue;
      this.visited[slot] = this.visitStamp;
      if (this.seat(this.holder[slot]!, slotsOf)) {
        this.holder[slot] = player;
        return true;
      }
    }
    return false;
  }
}

/** One week's best line-up of a roster. */
export interface WeekLineup {
  mean: number;
  std: number;
  starters: string[];
}

// The positions a player is listed at, IDP labels included (Sleeper `fantasy_positions`, else his position).
function listedPositions(player: SeasonPlayer): readonly string[] {
  return player.eligiblePositions && player.eligiblePositions.length > 0
    ? player.eligiblePositions
    : [player.position];
}
