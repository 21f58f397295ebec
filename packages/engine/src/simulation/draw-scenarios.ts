import {
  Z_TABLE_CELLS,
  Z_TABLE_POINTS,
  Z_TABLE_RANGE,
  Z_TABLE_STEP,
} from '../distributions/normal-score-table.js';
import { U_TABLE_BITS, U_TABLE_CELLS, U_TABLE_POINTS } from '../distributions/uniform-table.js';
import { normalQuantile } from '../math/normal.js';
import { fillStandardNormals } from '../random/ziggurat.js';
import type { Xoshiro128StarStar } from '../random/xoshiro128.js';
import type { ScenarioModel } from './scenario-model.js';

/** Iterations drawn together: long enough for tight loops, small enough (≈ 40 KB per 20 players) to stay in cache. */
export const SCENARIO_BLOCK_SIZE = 256;

// Imported bindings copied to module constants: some module transforms turn imports into getters, too slow per draw.
const Z_CELLS = Z_TABLE_CELLS;
const Z_POINTS = Z_TABLE_POINTS;
const Z_RANGE = Z_TABLE_RANGE;
const Z_INVERSE_STEP = 1 / Z_TABLE_STEP;
const U_POINTS = U_TABLE_POINTS;
const U_LAST_CELL = U_TABLE_CELLS - 1;
const U_FRACTION_BITS = 32 - U_TABLE_BITS;
const U_FRACTION_MASK = (1 << U_FRACTION_BITS) - 1;
const U_FRACTION_SCALE = 1 / (1 << U_FRACTION_BITS);
const WORD_SCALE = 1 / 4294967296;

export interface ScenarioScratch {
  normals: Float64Array;
  row: Float64Array;
  /** Draws that fell in a tail cell of a uniform table: output slot, variable and word, finished out of the loop. */
  tailSlots: Int32Array;
  tailVariables: Int32Array;
  tailWords: Float64Array;
}

export function createScenarioScratch(
  model: ScenarioModel,
  blockSize = SCENARIO_BLOCK_SIZE,
): ScenarioScratch {
  const independentDraws = (model.randomPlayers.length - model.correlatedCount) * blockSize;
  return {
    normals: new Float64Array(model.correlatedCount * blockSize),
    row: new Float64Array(blockSize),
    tailSlots: new Int32Array(independentDraws),
    tailVariables: new Int32Array(independentDraws),
    tailWords: new Float64Array(independentDraws),
  };
}

function exactQuantile(model: ScenarioModel, variable: number, z: number): number {
  const shift = model.tailShift[variable]!;
  const scale = model.tailScale[variable]!;
  const value =
    model.tailKind[variable] === 2
      ? shift + scale * z
      : shift + scale * Math.exp(model.tailSigma[variable]! * z);
  const floor = model.tailFloor[variable]!;
  return value > floor ? value : floor;
}

// Q(z) for one variable's block of normal scores: table lookup, floor, exact formula beyond the table.
function writeQuantiles(
  model: ScenarioModel,
  variable: number,
  scores: Float64Array,
  scoresOffset: number,
  blockSize: number,
  out: Float64Array,
  target: number,
): void {
  const tables = model.normalScoreTables;
  const tableOffset = variable * Z_POINTS;
  const floor = model.tailFloor[variable]!;
  for (let b = 0; b < blockSize; b++) {
    const z = scores[scoresOffset + b]!;
    const position = (z + Z_RANGE) * Z_INVERSE_STEP;
    if (position >= 0 && position < Z_CELLS) {
      const cell = position | 0;
      const low = tables[tableOffset + cell]!;
      const value = low + (tables[tableOffset + cell + 1]! - low) * (position - cell);
      out[target + b] = value > floor ? value : floor;
    } else {
      out[target + b] = exactQuantile(model, variable, z);
    }
  }
}

// Gaussian copula (Nelsen 2006, An Introduction to Copulas, §2.3): y = L·z per game, then each player's Q(y) = F⁻¹(Φ(y)).
function drawCorrelated(
  model: ScenarioModel,
  normals: Float64Array,
  row: Float64Array,
  blockSize: number,
  out: Float64Array,
  stride: number,
  offset: number,
): void {
  const { groupStart, groupSize, groupFactorOffset, factors, randomPlayers } = model;
  for (let g = 0; g < groupStart.length; g++) {
    const start = groupStart[g]!;
    const size = groupSize[g]!;
    const factorOffset = groupFactorOffset[g]!;
    for (let i = 0; i < size; i++) {
      const variable = start + i;
      const target = randomPlayers[variable]! * stride + offset;
      // The first row of a Cholesky factor of a correlation matrix is (1, 0, …): its scores are used as drawn.
      if (i === 0) {
        writeQuantiles(model, variable, normals, variable * blockSize, blockSize, out, target);
        continue;
      }
      const factorRow = factorOffset + i * size;
      const diagonal = factors[factorRow + i]!;
      const own = variable * blockSize;
      for (let b = 0; b < blockSize; b++) row[b] = diagonal * normals[own + b]!;
      for (let j = 0; j < i; j++) {
        const weight = factors[factorRow + j]!;
        if (weight === 0) continue;
        const other = (start + j) * blockSize;
        for (let b = 0; b < blockSize; b++) row[b] = row[b]! + weight * normals[other + b]!;
      }
      writeQuantiles(model, variable, row, 0, blockSize, out, target);
    }
  }
}

// Inverse transform sampling (Devroye 1986, Non-Uniform Random Variate Generation, §2.1): x = F⁻¹(u), by table
// lookup in the inner cells and exactly in the two tail cells; xoshiro128** inlined as in fillStandardNormals.
function drawIndependent(
  model: ScenarioModel,
  random: Xoshiro128StarStar,
  blockSize: number,
  scratch: ScenarioScratch,
  out: Float64Array,
  stride: number,
  offset: number,
): void {
  const { randomPlayers, uniformTables: tables, correlatedCount } = model;
  const { tailSlots, tailVariables, tailWords } = scratch;
  let tails = 0;
  const state = random.state;
  let s0 = state[0]!;
  let s1 = state[1]!;
  let s2 = state[2]!;
  let s3 = state[3]!;
  for (let v = correlatedCount; v < randomPlayers.length; v++) {
    const tableOffset = (v - correlatedCount) * U_POINTS;
    const target = randomPlayers[v]! * stride + offset;
    const floor = model.tailFloor[v]!;
    for (let b = 0; b < blockSize; b++) {
      const product = Math.imul(s1, 5);
      const word = Math.imul((product << 7) | (product >>> 25), 9) >>> 0;
      const shifted = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= shifted;
      s3 = (s3 << 11) | (s3 >>> 21);
      const cell = word >>> U_FRACTION_BITS;
      if (cell !== 0 && cell !== U_LAST_CELL) {
        const low = tables[tableOffset + cell]!;
        const value =
          low + (tables[tableOffset + cell + 1]! - low) * ((word & U_FRACTION_MASK) * U_FRACTION_SCALE);
        out[target + b] = value > floor ? value : floor;
      } else {
        tailSlots[tails] = target + b;
        tailVariables[tails] = v;
        tailWords[tails] = word;
        tails++;
      }
    }
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
  finishTailDraws(model, scratch, tails, out);
}

// Out of the hot loop, so that loop's optimised code never meets this rarely-run path.
function finishTailDraws(
  model: ScenarioModel,
  scratch: ScenarioScratch,
  tails: number,
  out: Float64Array,
): void {
  const { tailSlots, tailVariables, tailWords } = scratch;
  for (let t = 0; t < tails; t++) {
    out[tailSlots[t]!] = exactQuantile(
      model,
      tailVariables[t]!,
      normalQuantile((tailWords[t]! + 0.5) * WORD_SCALE),
    );
  }
}

/**
 * Draws `blockSize` joint scenarios of every player's points into out[player·stride + offset + b].
 * Allocates nothing; the random stream advances by the same amount for the same model, so runs replay from a seed.
 */
export function drawScenarioBlock(
  model: ScenarioModel,
  random: Xoshiro128StarStar,
  blockSize: number,
  scratch: ScenarioScratch,
  out: Float64Array,
  stride: number,
  offset: number,
): void {
  const { normals, row } = scratch;
  if (model.correlatedCount > 0) {
    fillStandardNormals(random, normals, 0, model.correlatedCount * blockSize);
    drawCorrelated(model, normals, row, blockSize, out, stride, offset);
  }
  drawIndependent(model, random, blockSize, scratch, out, stride, offset);
  const { constantPlayers, constantPoints } = model;
  for (let c = 0; c < constantPlayers.length; c++) {
    const target = constantPlayers[c]! * stride + offset;
    out.fill(constantPoints[c]!, target, target + blockSize);
  }
}
