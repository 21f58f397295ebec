import { CORRELATION_TABLE } from '../correlation-table.js';
import type { CorrelationTable } from '../correlation/correlation-lookup.js';
import { distributionMoments } from '../distributions/points-distribution.js';
import type { Position } from '../distributions/positions.js';
import { EngineInputError, validateIterations } from '../errors.js';
import { createRandom, randomSeed, type Seed } from '../random/xoshiro128.js';
import {
  createScenarioScratch,
  drawScenarioBlock,
  SCENARIO_BLOCK_SIZE,
} from '../simulation/draw-scenarios.js';
import {
  buildScenarioModel,
  type ScenarioModel,
  type SimulationPlayer,
} from '../simulation/scenario-model.js';
import { LineupPool } from './lineup-pool.js';
import { improveLineup, isBetter, isLegal, scoreLineup, type LineupSearchSpace } from './lineup-search.js';
import { assignToSlots } from './slot-matching.js';
import { canFill, parseStartingSlots, playablePositions, type StartingSlot } from './slots.js';
import { attributeSwaps, type LineupSwap } from './swap-attribution.js';

/** The lab keeps every scenario of every player in memory, so it allows fewer iterations than a matchup. */
export const LINEUP_LAB_MAX_ITERATIONS = 100_000;

export interface RosterPlayer extends SimulationPlayer {
  /** Positions he may fill (Sleeper `fantasy_positions`); defaults to his position. */
  eligiblePositions?: string[] | null;
  /**
   * His game has started, so he cannot be moved: a locked starter keeps his slot, a locked reserve stays out. A
   * player whose `game` is under way or final is locked whatever this says.
   */
  isLocked?: boolean;
}

function isLockedPlayer(player: RosterPlayer): boolean {
  return Boolean(player.isLocked) || player.game?.state === 'in' || player.game?.state === 'final';
}

export interface LineupLabInput {
  roster: RosterPlayer[];
  /** Current starters aligned with the starting slots of `rosterPositions` (Sleeper `starters`); null or "0" = empty. */
  starters: (string | null)[];
  /** Sleeper `roster_positions`; default QB RB RB WR WR TE FLEX DEF K. IDP slots are left as they are. */
  rosterPositions?: string[];
  /** The opponent's starters. */
  opponent: SimulationPlayer[];
  /** 1,000–100,000; default 10,000. */
  iterations?: number;
  seed?: Seed;
  correlations?: CorrelationTable;
  /**
   * Every player to draw, in order (default: the roster's then the opponent's). A matchup run given the same list
   * and seed draws the very same scenarios; must include every player of the roster and the opponent.
   */
  scenarioPlayers?: SimulationPlayer[];
}

export interface LineupSlotResult {
  slot: string;
  playerId: string | null;
  /** Expected points of the player in this slot (0 when empty). */
  expectedPoints: number;
  isLocked: boolean;
}

export interface LineupLabResult {
  iterations: number;
  seed: Seed;
  /** The recommended starters, slot by slot in `rosterPositions` order (IDP slots unchanged). */
  lineup: LineupSlotResult[];
  winProbability: number;
  currentWinProbability: number;
  winProbabilityChange: number;
  expectedPoints: number;
  currentExpectedPoints: number;
  /** Players brought in and taken out, each with the change in win probability when made in this order. */
  swaps: LineupSwap[];
  /** Slots the engine does not optimize (IDP), left as they were. */
  ignoredSlots: string[];
  /** False when the current starters could not all legally sit in these slots (the lab then starts from a repaired line-up). */
  isCurrentLineupLegal: boolean;
}

function drawAllScenarios(model: ScenarioModel, iterations: number, seed: Seed): Float64Array {
  const random = createRandom(seed);
  const scratch = createScenarioScratch(model);
  const samples = new Float64Array(model.players.length * iterations);
  for (let offset = 0; offset < iterations; offset += SCENARIO_BLOCK_SIZE) {
    const blockSize = Math.min(SCENARIO_BLOCK_SIZE, iterations - offset);
    drawScenarioBlock(model, random, blockSize, scratch, samples, iterations, offset);
  }
  return samples;
}

function sumPlayers(samples: Float64Array, rows: number[], iterations: number): Float64Array {
  const totals = new Float64Array(iterations);
  for (const row of rows) {
    const offset = row * iterations;
    for (let b = 0; b < iterations; b++) totals[b] = totals[b]! + samples[offset + b]!;
  }
  return totals;
}

/** The highest-expected-points legal line-up of the candidates: the exact one every other page starts. */
function meanOptimalLineup(
  space: LineupSearchSpace,
  slots: StartingSlot[],
  candidates: RosterPlayer[],
): number[] {
  const pool = new LineupPool(
    [
      {
        rosterId: 0,
        players: candidates.map((player, index) => ({
          id: String(index),
          position: player.position,
          eligiblePositions: player.eligiblePositions,
          weeklyMeans: [space.means[index]!],
        })),
      },
    ],
    slots,
  );
  pool.bestLineupPoints(0, 0);
  return Array.from(pool.starters.subarray(0, pool.starterCount));
}

/** Keeps as many of the current starters as can legally play, in their order. */
function repairLineup(space: LineupSearchSpace, lineup: number[]): number[] {
  const kept: number[] = [];
  for (const candidate of lineup) if (isLegal(space, [...kept, candidate])) kept.push(candidate);
  return kept;
}

/**
 * Start/sit lab: the starters that maximize the probability of beating the opponent (not merely the expected
 * points: a heavy underdog gains from variance), scored on common random numbers. Searches from the current and
 * from the mean-optimal line-up and keeps the best; never returns an illegal line-up, nor one that does worse than
 * the current (legal) line-up on the same scenarios.
 */
export function optimizeLineup(input: LineupLabInput): LineupLabResult {
  const iterations = validateIterations(input.iterations, LINEUP_LAB_MAX_ITERATIONS);
  const seed = input.seed ?? randomSeed();
  const slots = parseStartingSlots(input.rosterPositions);
  if (input.starters.length > slots.length) {
    throw new EngineInputError(
      'INVALID_INPUT',
      'starters',
      `starters has ${input.starters.length} entries for ${slots.length} starting slots`,
    );
  }
  const rosterById = new Map(input.roster.map((player) => [player.id, player]));
  const currentIds = slots.map((slot) => {
    const id = input.starters[slot.starterIndex];
    return id && id !== '0' && rosterById.has(id) ? id : null;
  });
  const fixedSlot = slots.map(
    (slot, index) =>
      slot.eligible === null ||
      Boolean(currentIds[index] && isLockedPlayer(rosterById.get(currentIds[index]!)!)),
  );
  const freeSlots = slots.filter((_, index) => !fixedSlot[index]);
  const fixedIds = currentIds.filter((id, index): id is string => id !== null && fixedSlot[index]!);

  const model = buildScenarioModel(
    input.scenarioPlayers ?? [...input.roster, ...input.opponent],
    input.correlations ?? CORRELATION_TABLE,
  );
  for (const player of [...input.roster, ...input.opponent]) {
    if (!model.indexById.has(player.id)) {
      throw new EngineInputError(
        'INVALID_INPUT',
        'scenarioPlayers',
        `scenarioPlayers lacks player ${player.id}`,
      );
    }
  }
  const samples = drawAllScenarios(model, iterations, seed);
  const rowOf = (id: string): number => model.indexById.get(id)!;
  const opponentTotals = sumPlayers(
    samples,
    [...new Set(input.opponent.map((player) => rowOf(player.id)))],
    iterations,
  );
  const fixedTotals = sumPlayers(samples, fixedIds.map(rowOf), iterations);
  const target = opponentTotals.map((points, b) => points - fixedTotals[b]!);

  const candidates = input.roster.filter(
    (player) => !isLockedPlayer(player) && !fixedIds.includes(player.id),
  );
  const positions: Position[][] = candidates.map((player) =>
    playablePositions(player.position, player.eligiblePositions),
  );
  const space: LineupSearchSpace = {
    samples,
    rowOffset: Int32Array.from(candidates, (player) => rowOf(player.id) * iterations),
    iterations,
    target,
    means: Float64Array.from(
      candidates,
      (player) => distributionMoments(model.players[rowOf(player.id)]!.distribution).mean,
    ),
    canFill: positions.map((playable) => freeSlots.map((slot) => canFill(slot, playable))),
    slotCount: freeSlots.length,
  };
  const candidateIndex = new Map(candidates.map((player, index) => [player.id, index]));
  const allCandidates = candidates.map((_, index) => index);
  const current = currentIds.flatMap((id, index) =>
    id && !fixedSlot[index] && candidateIndex.has(id) ? [candidateIndex.get(id)!] : [],
  );
  const isCurrentLineupLegal = isLegal(space, current);
  const start = isCurrentLineupLegal ? current : repairLineup(space, current);

  let best = improveLineup(space, start, allCandidates);
  const fromMeans = improveLineup(space, meanOptimalLineup(space, freeSlots, candidates), allCandidates);
  if (isBetter(fromMeans.score, best.score)) best = fromMeans;

  const currentScore = scoreLineup(space, current);
  const fixedMean = fixedIds.reduce(
    (total, id) => total + distributionMoments(model.players[rowOf(id)]!.distribution).mean,
    0,
  );
  const lineup = describeLineup(
    slots,
    fixedSlot,
    currentIds,
    freeSlots,
    space,
    best.lineup,
    current,
    candidates,
    model,
  );
  return {
    iterations,
    seed,
    lineup,
    winProbability: best.score.halfWins / (2 * iterations),
    currentWinProbability: currentScore.halfWins / (2 * iterations),
    winProbabilityChange: (best.score.halfWins - currentScore.halfWins) / (2 * iterations),
    expectedPoints: fixedMean + best.score.mean,
    currentExpectedPoints: fixedMean + currentScore.mean,
    swaps: attributeSwaps(space, current, best.lineup, (index) => candidates[index]!.id),
    ignoredSlots: slots.filter((slot) => slot.eligible === null).map((slot) => slot.label),
    isCurrentLineupLegal,
  };
}

function describeLineup(
  slots: StartingSlot[],
  fixedSlot: boolean[],
  currentIds: (string | null)[],
  freeSlots: StartingSlot[],
  space: LineupSearchSpace,
  chosen: number[],
  current: number[],
  candidates: RosterPlayer[],
  model: ScenarioModel,
): LineupSlotResult[] {
  const freeIndexOfSlot = new Map(freeSlots.map((slot, index) => [slot.starterIndex, index]));
  const preferred = new Array<number>(candidates.length).fill(-1);
  current.forEach((candidate) => {
    const slotIndex = currentIds.indexOf(candidates[candidate]!.id);
    preferred[candidate] = freeIndexOfSlot.get(slots[slotIndex]!.starterIndex) ?? -1;
  });
  const slotOf = assignToSlots(chosen, space.canFill, space.slotCount, preferred)!;
  const playerInFreeSlot = new Map(
    chosen.map((candidate) => [slotOf[candidate]!, candidates[candidate]!.id]),
  );
  return slots.map((slot, index) => {
    const playerId = fixedSlot[index]
      ? (currentIds[index] ?? null)
      : (playerInFreeSlot.get(freeIndexOfSlot.get(slot.starterIndex)!) ?? null);
    const row = playerId ? model.indexById.get(playerId) : undefined;
    return {
      slot: slot.label,
      playerId,
      expectedPoints: row === undefined ? 0 : distributionMoments(model.players[row]!.distribution).mean,
      isLocked: fixedSlot[index]! && slot.eligible !== null,
    };
  });
}
