/**
 * Median time of one argon2id hash and one verify with the production parameters, next to
 * SHA-256 of the same input for scale. Run: `npx pnpm@10 --filter @fm/api bench`.
 */
import { createHash } from 'node:crypto';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../src/services/auth/password-hashing.js';

const RUNS = 25;
const PASSWORD = 'Touchdown!2024x';

async function medianMs(run: () => Promise<unknown> | unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const stored = await hashPassword(PASSWORD);
await verifyPassword(stored, PASSWORD); // warm-up
const hashMs = await medianMs(() => hashPassword(PASSWORD));
const verifyMs = await medianMs(() => verifyPassword(stored, PASSWORD));
const sha256Ms = await medianMs(() => createHash('sha256').update(PASSWORD).digest('hex'));

console.log(
  `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB t=${ARGON2_OPTIONS.timeCost} p=${ARGON2_OPTIONS.parallelism} (${RUNS} runs)`,
);
console.log(`  hash   median ${hashMs.toFixed(1)} ms`);
console.log(`  verify median ${verifyMs.toFixed(1)} ms`);
console.log(
  `  sha256 median ${(sha256Ms * 1000).toFixed(1)} µs  (argon2id verify is ${Math.round(verifyMs / sha256Ms)}× slower)`,
);
console.log(`  one core can check at most ~${Math.floor(1000 / verifyMs)} passwords per second`);
