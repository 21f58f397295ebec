import { ROLE_DEPTH_CAP } from '@fm/engine';
import { outcomePercentiles } from './outcome-percentiles.js';
import type { PlayerWeek } from './player-weeks.js';

/** Players projected below this are not fantasy starters and are left out of the fit. */
export const MIN_PROJECTED_POINTS = 3;
/** Role or position pairs seen fewer times than this are not reported (the engine then treats them as independent). */
export const MIN_PAIRS = 150;

export type PairRelation = 'teammate' | 'opponent';

export interface FittedCorrelation {
  a: string;
  b: string;
  relation: PairRelation;
  rho: number;
  n: number;
}

export interface FittedTable {
  roles: FittedCorrelation[];
  positions: FittedCorrelation[];
  /** Player-weeks used (fantasy-relevant, with a role). */
  playerWeeks: number;
  totalPairs: number;
}

function roleOf(player: PlayerWeek): string | null {
  if (player.position === 'DEF') return 'DEF';
  // A backup QB or kicker in the files is not the one who plays.
  if ((player.position === 'QB' || player.position === 'K') && player.depthRank > 1) return null;
  return `${player.position}${Math.min(player.depthRank, ROLE_DEPTH_CAP[player.position])}`;
}

function isFantasyRelevant(player: PlayerWeek): boolean {
  return player.position === 'DEF' || player.position === 'K' || player.projected >= MIN_PROJECTED_POINTS;
}

class PairMoments {
  n = 0;
  private sumX = 0;
  private sumY = 0;
  private sumXX = 0;
  private sumYY = 0;
  private sumXY = 0;

  add(x: number, y: number): void {
    this.n++;
    this.sumX += x;
    this.sumY += y;
    this.sumXX += x * x;
    this.sumYY += y * y;
    this.sumXY += x * y;
  }

  pearson(): number {
    const covariance = this.sumXY / this.n - (this.sumX / this.n) * (this.sumY / this.n);
    const varianceX = this.sumXX / this.n - (this.sumX / this.n) ** 2;
    const varianceY = this.sumYY / this.n - (this.sumY / this.n) ** 2;
    return covariance / Math.sqrt(varianceX * varianceY);
  }
}

// Pairs of one key; a pair of two equal roles is entered both ways round, so no arbitrary order biases it.
function addPair(
  table: Map<string, PairMoments>,
  a: string,
  b: string,
  relation: PairRelation,
  u: number,
  v: number,
): number {
  const [first, second, x, y] = a <= b ? [a, b, u, v] : [b, a, v, u];
  const key = `${relation}|${first}|${second}`;
  let moments = table.get(key);
  if (!moments) table.set(key, (moments = new PairMoments()));
  moments.add(x, y);
  if (first === second) moments.add(y, x);
  return 1;
}

// Gaussian-copula ρ from Spearman's ρ_S of the outcome percentiles: ρ = 2·sin(π·ρ_S/6) (Kruskal 1958, JASA 53).
function toEntries(table: Map<string, PairMoments>): FittedCorrelation[] {
  return [...table]
    .map(([key, moments]) => {
      const [relation, a, b] = key.split('|') as [PairRelation, string, string];
      const pairs = a === b ? moments.n / 2 : moments.n;
      return {
        a,
        b,
        relation,
        rho: Math.round(2 * Math.sin((Math.PI * moments.pearson()) / 6) * 1000) / 1000,
        n: pairs,
      };
    })
    .filter((entry) => entry.n >= MIN_PAIRS && Number.isFinite(entry.rho))
    .sort((x, y) => x.relation.localeCompare(y.relation) || x.a.localeCompare(y.a) || x.b.localeCompare(y.b));
}

/**
 * Correlations of weekly fantasy outcomes between players of one game, by role pair (QB1–WR1 teammates, QB1 v
 * opposing QB1, DEF v opposing QB1 …) and by position pair, from each player's outcome percentile given his projection.
 */
export function fitCorrelationTable(playerWeeks: readonly PlayerWeek[]): FittedTable {
  const relevant = playerWeeks.filter((player) => isFantasyRelevant(player) && roleOf(player) !== null);
  const percentiles = outcomePercentiles(relevant);
  const games = new Map<string, PlayerWeek[]>();
  for (const player of relevant) {
    const key = `${player.season}|${player.week}|${[player.team, player.opponent].sort().join('-')}`;
    const game = games.get(key);
    if (game) game.push(player);
    else games.set(key, [player]);
  }
  const roles = new Map<string, PairMoments>();
  const positions = new Map<string, PairMoments>();
  let totalPairs = 0;
  for (const game of games.values()) {
    for (let i = 0; i < game.length; i++) {
      for (let j = i + 1; j < game.length; j++) {
        const first = game[i]!;
        const second = game[j]!;
        const relation: PairRelation = first.team === second.team ? 'teammate' : 'opponent';
        const u = percentiles.get(first)!;
        const v = percentiles.get(second)!;
        totalPairs += addPair(roles, roleOf(first)!, roleOf(second)!, relation, u, v);
        addPair(positions, first.position, second.position, relation, u, v);
      }
    }
  }
  return {
    roles: toEntries(roles),
    positions: toEntries(positions),
    playerWeeks: relevant.length,
    totalPairs,
  };
}
