import { CORRELATION_TABLE } from '../correlation-table.js';
import {
  createCorrelationLookup,
  type CorrelationLookup,
  type CorrelationTable,
  type PairRelation,
} from '../correlation/correlation-lookup.js';
import { writeNormalScoreTable, Z_TABLE_POINTS } from '../distributions/normal-score-table.js';
import { U_TABLE_POINTS, writeUniformTable } from '../distributions/uniform-table.js';
import {
  fitPointsDistribution,
  type PlayerProjection,
  type PlayerStatus,
  type PointsDistribution,
} from '../distributions/points-distribution.js';
import { isByeOpponent } from '../availability/bye-week.js';
import { normalizePosition, type Position } from '../distributions/positions.js';
import { choleskyOfCorrelation } from '../math/cholesky.js';

/** One player as the simulations take him: identity, game, projection and game status. */
export interface SimulationPlayer extends PlayerProjection, PlayerStatus {
  id: string;
  name?: string | null;
  /** QB RB WR TE K DEF (DST, D/ST accepted); other positions are scored from their projection, uncorrelated. */
  position: string;
  /** NFL team abbreviation. */
  team?: string | null;
  /** NFL opponent (`@` prefix allowed); `BYE` means the player has no game. */
  opponent?: string | null;
  /** Rank within his NFL team and position by projected points (see rankWithinTeam); selects role correlations. */
  depthRank?: number | null;
}

export interface ModelPlayer {
  id: string;
  name: string | null;
  position: Position | null;
  team: string | null;
  gameKey: string | null;
  distribution: PointsDistribution;
}

export const DISTRIBUTION_KIND_CODE = { 'shifted-lognormal': 1, normal: 2, constant: 0 } as const;

/** Everything the hot loop needs, flattened into typed arrays; built once per simulation. */
export interface ScenarioModel {
  players: ModelPlayer[];
  indexById: Map<string, number>;
  /**
   * Players whose points are random ("variables"); `randomPlayers[v]` is the player index of variable v. The first
   * `correlatedCount` share a game with another simulated player and are drawn through the copula; the rest are
   * drawn alone from a uniform.
   */
  randomPlayers: Int32Array;
  correlatedCount: number;
  constantPlayers: Int32Array;
  constantPoints: Float64Array;
  /** Correlated groups (games) of variables: [start, start + size) with a row-major size×size Cholesky factor. */
  groupStart: Int32Array;
  groupSize: Int32Array;
  groupFactorOffset: Int32Array;
  factors: Float64Array;
  /** Q(z) tables of correlated variables, Z_TABLE_POINTS each. */
  normalScoreTables: Float64Array;
  /** F⁻¹(u) tables of independent variables, U_TABLE_POINTS each (variable v at (v − correlatedCount)). */
  uniformTables: Float64Array;
  /** Exact Q(z) parameters of every variable, for draws beyond a table. */
  tailKind: Uint8Array;
  tailShift: Float64Array;
  tailScale: Float64Array;
  tailSigma: Float64Array;
  tailFloor: Float64Array;
  /** Largest shrinkage λ applied to make a game's correlation matrix positive-definite (0 = none needed). */
  correlationShrinkage: number;
}

function normalizeTeam(team: string | null | undefined): string | null {
  if (!team) return null;
  const trimmed = team.trim();
  const cleaned = (trimmed.startsWith('@') ? trimmed.slice(1) : trimmed).toUpperCase();
  return cleaned ? cleaned : null;
}

/** Each team's opponent as any player reports it, both ways, so a player whose opponent is missing still joins his game. */
function collectOpponents(inputs: readonly SimulationPlayer[]): Map<string, string> {
  const opponents = new Map<string, string>();
  for (const input of inputs) {
    const team = normalizeTeam(input.team);
    const opponent = normalizeTeam(input.opponent);
    if (!team || !opponent || isByeOpponent(opponent)) continue;
    opponents.set(team, opponent);
    opponents.set(opponent, team);
  }
  return opponents;
}

function describePlayer(input: SimulationPlayer, opponents: Map<string, string>): ModelPlayer {
  const position = normalizePosition(input.position);
  const team = normalizeTeam(input.team);
  const isOnBye = input.isOnBye || isByeOpponent(input.opponent);
  const distribution = fitPointsDistribution(position, input, {
    isOnBye,
    isOut: input.isOut,
    isFinal: input.isFinal,
    actualPoints: input.actualPoints,
    game: input.game,
  });
  const opponent = team ? opponents.get(team) : undefined;
  const gameKey = team && opponent ? (team < opponent ? `${team}-${opponent}` : `${opponent}-${team}`) : team;
  return { id: input.id, name: input.name ?? null, position, team, gameKey, distribution };
}

function groupRandomPlayers(players: ModelPlayer[]): number[][] {
  const groups = new Map<string, number[]>();
  const ungrouped: number[][] = [];
  players.forEach((player, index) => {
    if (player.distribution.kind === 'constant') return;
    if (!player.gameKey) {
      ungrouped.push([index]);
      return;
    }
    const group = groups.get(player.gameKey);
    if (group) group.push(index);
    else groups.set(player.gameKey, [index]);
  });
  return [...groups.values(), ...ungrouped];
}

interface CorrelatedGroups {
  correlated: number[];
  independent: number[];
  groupStart: number[];
  groupSize: number[];
  factors: Float64Array[];
  shrinkage: number;
}

function correlationMatrix(
  group: number[],
  players: ModelPlayer[],
  depthRanks: (number | null)[],
  lookup: CorrelationLookup,
): Float64Array | null {
  const size = group.length;
  const matrix = new Float64Array(size * size);
  let isCorrelated = false;
  for (let i = 0; i < size; i++) {
    matrix[i * size + i] = 1;
    for (let j = 0; j < i; j++) {
      const first = players[group[i]!]!;
      const second = players[group[j]!]!;
      if (!first.position || !second.position) continue;
      const relation: PairRelation = first.team === second.team ? 'teammate' : 'opponent';
      const rho = lookup(
        { position: first.position, depthRank: depthRanks[group[i]!] },
        { position: second.position, depthRank: depthRanks[group[j]!] },
        relation,
      );
      matrix[i * size + j] = rho;
      matrix[j * size + i] = rho;
      if (rho !== 0) isCorrelated = true;
    }
  }
  return isCorrelated ? matrix : null;
}

function factorGroups(
  players: ModelPlayer[],
  depthRanks: (number | null)[],
  lookup: CorrelationLookup,
): CorrelatedGroups {
  const result: CorrelatedGroups = {
    correlated: [],
    independent: [],
    groupStart: [],
    groupSize: [],
    factors: [],
    shrinkage: 0,
  };
  for (const group of groupRandomPlayers(players)) {
    const matrix = group.length > 1 ? correlationMatrix(group, players, depthRanks, lookup) : null;
    if (!matrix) {
      result.independent.push(...group);
      continue;
    }
    const factor = new Float64Array(matrix.length);
    result.shrinkage = Math.max(result.shrinkage, choleskyOfCorrelation(matrix, group.length, factor));
    result.groupStart.push(result.correlated.length);
    result.groupSize.push(group.length);
    result.factors.push(factor);
    result.correlated.push(...group);
  }
  return result;
}

function concatenate(blocks: Float64Array[]): { values: Float64Array; offsets: Int32Array } {
  const offsets = new Int32Array(blocks.length);
  let length = 0;
  blocks.forEach((block, index) => {
    offsets[index] = length;
    length += block.length;
  });
  const values = new Float64Array(length);
  blocks.forEach((block, index) => values.set(block, offsets[index]));
  return { values, offsets };
}

/**
 * Prepares a simulation over these players (duplicates by id are one player, so a player in both line-ups moves
 * both totals together): distributions, lookup tables, and per game the Gaussian-copula correlation matrix of its
 * players from the correlation table, Cholesky-factored once.
 */
export function buildScenarioModel(
  inputs: readonly SimulationPlayer[],
  correlations: CorrelationTable = CORRELATION_TABLE,
): ScenarioModel {
  const lookup = createCorrelationLookup(correlations);
  const players: ModelPlayer[] = [];
  const indexById = new Map<string, number>();
  const depthRanks: (number | null)[] = [];
  const opponents = collectOpponents(inputs);
  for (const input of inputs) {
    if (indexById.has(input.id)) continue;
    indexById.set(input.id, players.length);
    players.push(describePlayer(input, opponents));
    depthRanks.push(input.depthRank ?? null);
  }

  const groups = factorGroups(players, depthRanks, lookup);
  const randomPlayers = Int32Array.from([...groups.correlated, ...groups.independent]);
  const correlatedCount = groups.correlated.length;
  const constantIndices = players.flatMap((player, index) =>
    player.distribution.kind === 'constant' ? [index] : [],
  );
  const { values: factors, offsets: groupFactorOffset } = concatenate(groups.factors);

  const randomCount = randomPlayers.length;
  const normalScoreTables = new Float64Array(correlatedCount * Z_TABLE_POINTS);
  const uniformTables = new Float64Array((randomCount - correlatedCount) * U_TABLE_POINTS);
  const scratchTable = new Float64Array(Z_TABLE_POINTS);
  const tailKind = new Uint8Array(randomCount);
  const tailShift = new Float64Array(randomCount);
  const tailScale = new Float64Array(randomCount);
  const tailSigma = new Float64Array(randomCount);
  const tailFloor = new Float64Array(randomCount);
  for (let v = 0; v < randomCount; v++) {
    const distribution = players[randomPlayers[v]!]!.distribution;
    if (v < correlatedCount) {
      writeNormalScoreTable(distribution, normalScoreTables, v * Z_TABLE_POINTS);
    } else {
      writeNormalScoreTable(distribution, scratchTable, 0);
      writeUniformTable(scratchTable, 0, uniformTables, (v - correlatedCount) * U_TABLE_POINTS);
    }
    tailKind[v] = DISTRIBUTION_KIND_CODE[distribution.kind];
    tailShift[v] = distribution.shift;
    tailScale[v] = distribution.scale;
    tailSigma[v] = distribution.sigma;
    tailFloor[v] = distribution.floor;
  }

  return {
    players,
    indexById,
    randomPlayers,
    correlatedCount,
    constantPlayers: Int32Array.from(constantIndices),
    constantPoints: Float64Array.from(constantIndices, (index) => players[index]!.distribution.shift),
    groupStart: Int32Array.from(groups.groupStart),
    groupSize: Int32Array.from(groups.groupSize),
    groupFactorOffset,
    factors,
    normalScoreTables,
    uniformTables,
    tailKind,
    tailShift,
    tailScale,
    tailSigma,
    tailFloor,
    correlationShrinkage: groups.shrinkage,
  };
}
