import { LineupPool } from '../lineup/lineup-pool.js';
import type { TradeLeague } from './types.js';

/** Changes of rest-of-season points below this are float noise, not a better line-up. */
export const POINTS_EPSILON = 1e-6;

export interface SideOutcome {
  pointsAfter: number;
  dropped: number[];
}

/**
 * Scores one team's side of a trade against the league as it stands: each roster's best line-up per week is
 * computed once, and a trade recomputes only the weeks it can change — a week where no outgoing player starts
 * and no incoming player would start keeps its line-up (adding players never lowers a best line-up, and the
 * weighted rank of a matroid is submodular, so players that each add nothing add nothing together).
 */
export class TradeScorer {
  readonly pool: LineupPool;
  /** [player]: 1 unless he has no projection (his points are a position's average): trades leave him out. */
  readonly isTradable: Uint8Array;
  /** [roster × weekCount + week]: points of the roster's best line-up as it stands. */
  private readonly base: Float64Array;
  /** [player × weekCount + week]: 1 when the player starts in his roster's best line-up as it stands. */
  private readonly starts: Uint8Array;
  /** Points a player of another roster would add to roster r's best line-up, per week; key r × players + p. */
  private readonly gains = new Map<number, Float64Array>();

  private readonly after: Float64Array;
  private readonly changed: Uint8Array;
  /** [player × weekCount + week] for the weeks a side recomputes: 1 when he starts after the trade. */
  private readonly startsAfter: Uint8Array;

  constructor(league: TradeLeague) {
    this.pool = new LineupPool(league.rosters, league.slots);
    const { pool } = this;
    this.isTradable = Uint8Array.from(
      league.rosters.flatMap((roster) => roster.players),
      (player) => (player.hasProjection === false ? 0 : 1),
    );
    const weeks = pool.weekCount;
    this.base = new Float64Array(pool.rosterIds.length * weeks);
    this.starts = new Uint8Array(pool.playerCount * weeks);
    pool.exclude([]);
    for (let r = 0; r < pool.rosterIds.length; r++) {
      for (let w = 0; w < weeks; w++) {
        this.base[r * weeks + w] = pool.bestLineupPoints(r, w);
        for (let s = 0; s < pool.starterCount; s++) this.starts[pool.starters[s]! * weeks + w] = 1;
      }
    }
    this.after = new Float64Array(weeks);
    this.changed = new Uint8Array(weeks);
    this.startsAfter = new Uint8Array(pool.playerCount * weeks);
  }

  rosterPoints(r: number): number {
    let total = 0;
    for (let w = 0; w < this.pool.weekCount; w++) total += this.base[r * this.pool.weekCount + w]!;
    return total;
  }

  /** Points player p (of another roster) would add to roster r's best line-up in each week. */
  gainsOf(r: number, p: number): Float64Array {
    const key = r * this.pool.playerCount + p;
    let gains = this.gains.get(key);
    if (!gains) {
      const weeks = this.pool.weekCount;
      gains = new Float64Array(weeks);
      this.pool.exclude([]);
      for (let w = 0; w < weeks; w++) {
        gains[w] = this.pool.bestLineupPoints(r, w, [p]) - this.base[r * weeks + w]!;
      }
      this.gains.set(key, gains);
    }
    return gains;
  }

  /** Whether player p would start for roster r in some week: a trade bringing r only players who would not cannot help r. */
  couldHelp(r: number, p: number): boolean {
    return this.gainsOf(r, p).some((gain) => gain > POINTS_EPSILON);
  }

  /**
   * Rest-of-season points of roster r's best line-ups after it sends `outgoing` and receives `incoming`.
   * A team that receives more players than it sends releases as many: each time its least valuable player
   * (the one whose release costs its line-ups the fewest points; among equals, the fewest expected points),
   * never one it has just received, and never a player who fits no slot the engine values (an IDP starter).
   */
  side(r: number, outgoing: readonly number[], incoming: readonly number[]): SideOutcome {
    const dropped: number[] = [];
    let pointsAfter = this.recompute(r, outgoing, incoming, false);
    for (let k = incoming.length - outgoing.length; k > 0; k--) {
      const leaving = [...outgoing, ...dropped];
      const release = this.cheapestRelease(r, leaving, incoming);
      if (release === null) break;
      dropped.push(release.player);
      if (release.cost > 0) pointsAfter = this.recompute(r, [...leaving, release.player], incoming, true);
    }
    this.pool.exclude([]);
    return { pointsAfter, dropped };
  }

  private recompute(
    r: number,
    leaving: readonly number[],
    incoming: readonly number[],
    isEveryWeek: boolean,
  ): number {
    const { pool } = this;
    const weeks = pool.weekCount;
    this.changed.fill(isEveryWeek ? 1 : 0);
    if (!isEveryWeek) {
      for (const player of leaving) {
        for (let w = 0; w < weeks; w++) if (this.starts[player * weeks + w]) this.changed[w] = 1;
      }
      for (const player of incoming) {
        const gains = this.gainsOf(r, player);
        for (let w = 0; w < weeks; w++) if (gains[w]! > POINTS_EPSILON) this.changed[w] = 1;
      }
    }
    pool.exclude(leaving);
    let total = 0;
    for (let w = 0; w < weeks; w++) {
      if (this.changed[w]) {
        for (const player of pool.members[r]!) this.startsAfter[player * weeks + w] = 0;
        for (const player of incoming) this.startsAfter[player * weeks + w] = 0;
        this.after[w] = pool.bestLineupPoints(r, w, incoming);
        for (let s = 0; s < pool.starterCount; s++) this.startsAfter[pool.starters[s]! * weeks + w] = 1;
      } else {
        this.after[w] = this.base[r * weeks + w]!;
      }
      total += this.after[w]!;
    }
    return total;
  }

  // Whether the player starts in some week of the line-ups last recomputed (unchanged weeks keep today's).
  private startsSomeWeek(player: number): boolean {
    const weeks = this.pool.weekCount;
    for (let w = 0; w < weeks; w++) {
      const table = this.changed[w] ? this.startsAfter : this.starts;
      if (table[player * weeks + w]) return true;
    }
    return false;
  }

  private cheapestRelease(
    r: number,
    leaving: readonly number[],
    incoming: readonly number[],
  ): { player: number; cost: number } | null {
    const { pool } = this;
    const isCandidate = (player: number) => pool.isStartable[player] === 1 && !leaving.includes(player);
    const isFewerPoints = (a: number, b: number) =>
      pool.totalMeans[a]! < pool.totalMeans[b]! || (pool.totalMeans[a] === pool.totalMeans[b] && a < b);
    let benchOnly = -1;
    for (const player of pool.members[r]!) {
      if (!isCandidate(player) || this.startsSomeWeek(player)) continue;
      if (benchOnly < 0 || isFewerPoints(player, benchOnly)) benchOnly = player;
    }
    if (benchOnly >= 0) return { player: benchOnly, cost: 0 };

    // Everyone starts some week: price each release by the points its line-ups lose.
    const weeks = pool.weekCount;
    const current = Float64Array.from(this.after);
    let best: { player: number; cost: number } | null = null;
    for (const player of pool.members[r]!) {
      if (!isCandidate(player)) continue;
      pool.exclude([...leaving, player]);
      let cost = 0;
      for (let w = 0; w < weeks; w++) {
        const startsThisWeek = (this.changed[w] ? this.startsAfter : this.starts)[player * weeks + w];
        if (startsThisWeek) cost += current[w]! - pool.bestLineupPoints(r, w, incoming);
      }
      const isCheaper =
        !best ||
        cost < best.cost - POINTS_EPSILON ||
        (cost <= best.cost + POINTS_EPSILON && isFewerPoints(player, best.player));
      if (isCheaper) best = { player, cost };
    }
    return best;
  }
}
