import type { RandomSource, Xoshiro128StarStar } from './xoshiro128.js';

const LAYER_COUNT = 128;
const TAIL_START = 3.442619855899; // r: where the base layer's tail begins
const LAYER_AREA = 9.91256303526217e-3; // v: area of each layer
// The low 7 bits of a word pick the layer, the high 25 bits (signed) give the abscissa, so the two never share bits
// (avoids the index/value correlation noted by Leong, Zhang, Lee, Luk & Villasenor 2005).
const ABSCISSA_SCALE = 16777216; // 2^24, magnitude range of a signed 25-bit value

const layerThreshold = new Int32Array(LAYER_COUNT);
const layerWidth = new Float64Array(LAYER_COUNT);
const layerDensity = new Float64Array(LAYER_COUNT);

// Table set-up of Marsaglia & Tsang (2000), "The Ziggurat Method for Generating Random Variables", JSS 5(8), zigset().
(function buildZigguratTables(): void {
  let edge = TAIL_START;
  let previousEdge = edge;
  const q = LAYER_AREA / Math.exp(-0.5 * edge * edge);
  layerThreshold[0] = Math.floor((edge / q) * ABSCISSA_SCALE);
  layerThreshold[1] = 0;
  layerWidth[0] = q / ABSCISSA_SCALE;
  layerWidth[LAYER_COUNT - 1] = edge / ABSCISSA_SCALE;
  layerDensity[0] = 1;
  layerDensity[LAYER_COUNT - 1] = Math.exp(-0.5 * edge * edge);
  for (let i = LAYER_COUNT - 2; i >= 1; i--) {
    edge = Math.sqrt(-2 * Math.log(LAYER_AREA / edge + Math.exp(-0.5 * edge * edge)));
    layerThreshold[i + 1] = Math.floor((edge / previousEdge) * ABSCISSA_SCALE);
    previousEdge = edge;
    layerDensity[i] = Math.exp(-0.5 * edge * edge);
    layerWidth[i] = edge / ABSCISSA_SCALE;
  }
})();

// Rejection step of Marsaglia & Tsang (2000) nfix(): wedges by comparing the density, base layer by Marsaglia's (1964) tail method.
function sampleOutsideRectangle(random: RandomSource, firstWord: number): number {
  let word = firstWord;
  for (;;) {
    const layer = word & (LAYER_COUNT - 1);
    const abscissa = word >> 7;
    const x = abscissa * layerWidth[layer]!;
    if (layer === 0) {
      let tailX: number;
      let tailY: number;
      do {
        tailX = -Math.log(random.nextFloat()) / TAIL_START;
        tailY = -Math.log(random.nextFloat());
      } while (tailY + tailY < tailX * tailX);
      return abscissa > 0 ? TAIL_START + tailX : -TAIL_START - tailX;
    }
    const below = layerDensity[layer]!;
    if (below + random.nextFloat() * (layerDensity[layer - 1]! - below) < Math.exp(-0.5 * x * x)) return x;
    word = random.nextUint32() | 0;
    const nextLayer = word & (LAYER_COUNT - 1);
    const nextAbscissa = word >> 7;
    if (Math.abs(nextAbscissa) < layerThreshold[nextLayer]!) return nextAbscissa * layerWidth[nextLayer]!;
  }
}

// Standard normal N(0,1) by the ziggurat method — Marsaglia & Tsang (2000), JSS 5(8), RNOR.
export function standardNormal(random: RandomSource): number {
  const word = random.nextUint32() | 0;
  const layer = word & (LAYER_COUNT - 1);
  const abscissa = word >> 7;
  if (Math.abs(abscissa) < layerThreshold[layer]!) return abscissa * layerWidth[layer]!;
  return sampleOutsideRectangle(random, word);
}

// Draws whose word misses the rectangles (about 1.2%) are finished after the loop, so the hot loop keeps the
// generator state in registers; reused between calls, enlarged before a run that could need more.
let pendingSlots = new Int32Array(1024);
let pendingWords = new Int32Array(1024);

function reservePending(count: number): void {
  if (pendingSlots.length >= count) return;
  pendingSlots = new Int32Array(count);
  pendingWords = new Int32Array(count);
}

/**
 * Fills `out[start, start + count)` with independent N(0,1) draws: the ziggurat above with the xoshiro128** step
 * inlined on local variables (about three times faster than a method call per word in V8). Deterministic for a
 * given generator state, though not in the same order as repeated `standardNormal` calls.
 */
export function fillStandardNormals(
  random: Xoshiro128StarStar,
  out: Float64Array,
  start = 0,
  count = out.length - start,
): void {
  const state = random.state;
  let s0 = state[0]!;
  let s1 = state[1]!;
  let s2 = state[2]!;
  let s3 = state[3]!;
  reservePending(count);
  const slots = pendingSlots;
  const words = pendingWords;
  let pending = 0;
  const end = start + count;
  for (let i = start; i < end; i++) {
    const product = Math.imul(s1, 5);
    const word = Math.imul((product << 7) | (product >>> 25), 9);
    const shifted = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= shifted;
    s3 = (s3 << 11) | (s3 >>> 21);
    const layer = word & (LAYER_COUNT - 1);
    const abscissa = word >> 7;
    if (Math.abs(abscissa) < layerThreshold[layer]!) {
      out[i] = abscissa * layerWidth[layer]!;
    } else {
      slots[pending] = i;
      words[pending] = word;
      pending++;
    }
  }
  state[0] = s0;
  state[1] = s1;
  state[2] = s2;
  state[3] = s3;
  for (let k = 0; k < pending; k++) out[slots[k]!] = sampleOutsideRectangle(random, words[k]!);
}
