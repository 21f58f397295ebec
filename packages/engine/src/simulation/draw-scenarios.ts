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

// Q(z) of one normal score: table lookup and floor, the exact formula beyond the table.
function quantileOf(
  model: ScenarioModel,
  variable: number,
  tableOffset: number,
  floor: number,
  z: number,
): number {
  const position = (z + Z_RANGE) * Z_INVERSE_STEP;
  if (position >= 0 && position < Z_CELLS) {
    const tables = model.normalScoreTables;
    const cell = position | 0;
    const low = tables[tableOffset + cell]!;
    const value = low + (tables[tableOffset + cell + 1]! - low) * (position - cell);
    return value > floor ? value : floor;
  }
  return exactQuantile(model, variable, z);
}

// Q(z) for one variable's block of normal scores, as quantileOf; two scores per iteration (both in the table: the
// common case, written out) halve the loop's per-iteration overhead, which costs V8 as much as the lookup itself.
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
  let b = 0;
  for (; b + 1 < blockSize; b += 2) {
    const z = scores[scoresOffset + b]!;
    const nextZ = scores[scoresOffset + b + 1]!;
    const position = (z + Z_RANGE) * Z_INVERSE_STEP;
    const nextPosition = (nextZ + Z_RANGE) * Z_INVERSE_STEP;
    if (position >= 0 && position < Z_CELLS && nextPosition >= 0 && nextPosition < Z_CELLS) {
      const cell = position | 0;
      const nextCell = nextPosition | 0;
      const low = tables[tableOffset + cell]!;
      const nextLow = tables[tableOffset + nextCell]!;
      const value = low + (tables[tableOffset + cell + 1]! - low) * (position - cell);
      const nextValue = nextLow + (tables[tableOffset + nextCell + 1]! - nextLow) * (nextPosition - nextCell);
      out[target + b] = value > floor ? value : floor;
      out[target + b + 1] = nextValue > floor ? nextValue : floor;
    } else {
      out[target + b] = quantileOf(model, variable, tableOffset, floor, z);
      out[target + b + 1] = quantileOf(model, variable, tableOffset, floor, nextZ);
    }
  }
  if (b < blockSize)
    out[target + b] = quantileOf(model, variable, tableOffset, floor, scores[scoresOffset + b]!);
}

// row[b] = w0·normals[o0 + b] + the next `terms` (0 to 3) weighted columns, summed left to right.
function combineScores(
  normals: Float64Array,
  row: Float64Array,
  blockSize: number,
  w0: number,
  o0: number,
  terms: number,
  w1: number,
  o1: number,
  w2: number,
  o2: number,
  w3: number,
  o3: number,
): void {
  // Two iterations per loop trip (see writeQuantiles); an odd block's last score is finished after the loop.
  const pairs = blockSize & ~1;
  if (terms === 0) {
    for (let b = 0; b < pairs; b += 2) {
      row[b] = w0 * normals[o0 + b]!;
      row[b + 1] = w0 * normals[o0 + b + 1]!;
    }
  } else if (terms === 1) {
    for (let b = 0; b < pairs; b += 2) {
      row[b] = w0 * normals[o0 + b]! + w1 * normals[o1 + b]!;
      row[b + 1] = w0 * normals[o0 + b + 1]! + w1 * normals[o1 + b + 1]!;
    }
  } else if (terms === 2) {
    for (let b = 0; b < pairs; b += 2) {
      row[b] = w0 * normals[o0 + b]! + w1 * normals[o1 + b]! + w2 * normals[o2 + b]!;
      row[b + 1] = w0 * normals[o0 + b + 1]! + w1 * normals[o1 + b + 1]! + w2 * normals[o2 + b + 1]!;
    }
  } else {
    for (let b = 0; b < pairs; b += 2) {
      row[b] = w0 * normals[o0 + b]! + w1 * normals[o1 + b]! + w2 * normals[o2 + b]! + w3 * normals[o3 + b]!;
      row[b + 1] =
        w0 * normals[o0 + b + 1]! +
        w1 * normals[o1 + b + 1]! +
        w2 * normals[o2 + b + 1]! +
        w3 * normals[o3 + b + 1]!;
    }
  }
  if (pairs < blockSize) {
    const b = pairs;
    let y = w0 * normals[o0 + b]!;
    if (terms > 0) y += w1 * normals[o1 + b]!;
    if (terms > 1) y += w2 * normals[o2 + b]!;
    if (terms > 2) y += w3 * normals[o3 + b]!;
    row[b] = y;
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
      // y = diagonal·z_i + Σ_j L_ij·z_j over the row's non-zero entries, summed in that order: up to four terms in
      // one pass (each pass over a block costs more than the arithmetic in it), any further ones a pass each.
      let terms = 0;
      let w1 = 0;
      let o1 = 0;
      let w2 = 0;
      let o2 = 0;
      let w3 = 0;
      let o3 = 0;
      let j = 0;
      for (; j < i && terms < 3; j++) {
        const weight = factors[factorRow + j]!;
        if (weight === 0) continue;
        const other = (start + j) * blockSize;
        if (terms === 0) {
          w1 = weight;
          o1 = other;
        } else if (terms === 1) {
          w2 = weight;
          o2 = other;
        } else {
          w3 = weight;
          o3 = other;
        }
        terms++;
      }
      combineScores(
        normals,
        row,
        blockSize,
        factors[factorRow + i]!,
        variable * blockSize,
        terms,
        w1,
        o1,
        w2,
        o2,
        w3,
        o3,
      );
      for (; j < i; j++) {
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

// Out of the hot loop, so that loop's optimized code never meets this rarely-run path.
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
