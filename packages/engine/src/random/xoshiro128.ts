/** A source of uniformly distributed 32-bit words; every sampler in the engine takes one. */
export interface RandomSource {
  /** Next unsigned 32-bit integer in [0, 2^32). */
  nextUint32(): number;
  /** Next float in the open interval (0, 1). */
  nextFloat(): number;
}

export type Seed = number | string;

const TWO_POW_32 = 4294967296;

// xoshiro128** 1.1 — Blackman & Vigna (2021), "Scrambled linear pseudorandom number generators", ACM TOMS 47(4).
export class Xoshiro128StarStar implements RandomSource {
  /**
   * The four state words. An Int32Array rather than fields: 32-bit values do not fit V8's small integers, and
   * fields changing representation deoptimize every loop that reads them. Bulk samplers copy it into locals.
   */
  readonly state = new Int32Array(4);

  constructor(s0: number, s1: number, s2: number, s3: number) {
    if ((s0 | s1 | s2 | s3) === 0) throw new RangeError('xoshiro128** state must not be all zero');
    this.state[0] = s0;
    this.state[1] = s1;
    this.state[2] = s2;
    this.state[3] = s3;
  }

  nextUint32(): number {
    const state = this.state;
    const s0 = state[0]!;
    const s1 = state[1]!;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    const t = s1 << 9;
    const s2 = state[2]! ^ s0;
    const s3 = state[3]! ^ s1;
    state[1] = s1 ^ s2;
    state[0] = s0 ^ s3;
    state[2] = s2 ^ t;
    state[3] = rotl(s3, 11);
    return result >>> 0;
  }

  // Uniform on (0, 1) at the midpoints of the 2³² cells: (k + ½) / 2³², never exactly 0 or 1.
  nextFloat(): number {
    return (this.nextUint32() + 0.5) / TWO_POW_32;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

// SplitMix32 finalizer (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number generators", mix constants of MurmurHash3 fmix32).
function splitMix32(state: number): number {
  let z = state | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

const GOLDEN_GAMMA = 0x9e3779b9;

function seedFromWords(low: number, high: number): Xoshiro128StarStar {
  let counter = (low ^ splitMix32(high + GOLDEN_GAMMA)) | 0;
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    counter = (counter + GOLDEN_GAMMA) | 0;
    words.push(splitMix32(counter));
  }
  const [a = 0, b = 0, c = 0, d = 0] = words;
  // All-zero state is the one forbidden state; SplitMix cannot produce four zeros in a row, but stay safe.
  return (a | b | c | d) === 0 ? new Xoshiro128StarStar(1, 0, 0, 0) : new Xoshiro128StarStar(a, b, c, d);
}

// FNV-1a 32-bit string hash (Fowler, Noll & Vo), run twice with different offsets to make 64 bits of seed.
function hashString(text: string): [number, number] {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 0x01000193);
    h2 = Math.imul(h2 ^ code, 0x5bd1e995);
  }
  return [h1 >>> 0, h2 >>> 0];
}

/** A reproducible generator: the same seed (number or string) always yields the same stream. */
export function createRandom(seed: Seed): Xoshiro128StarStar {
  if (typeof seed === 'string') {
    const [low, high] = hashString(seed);
    return seedFromWords(low, high);
  }
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number or a string, got ${seed}`);
  const integral = Math.trunc(seed);
  const fraction = seed - integral;
  const low = integral >>> 0;
  const high = (Math.floor(integral / TWO_POW_32) ^ Math.floor(fraction * TWO_POW_32)) >>> 0;
  return seedFromWords(low, high);
}

/** A fresh seed for callers that did not ask for one; it is returned in results so a run can be replayed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 53);
}
