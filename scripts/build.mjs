// Builds the web app (Vite) and the API server bundle (esbuild), skipping work already done.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashTree, readStamp, ROOT, runOrExit } from './lib.mjs';

const STAMP = '.build-stamp';
const INPUTS = [
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/web',
  'packages',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
];

export async function build({ force = false } = {}) {
  const wanted = hashTree(INPUTS);
  if (!force && readStamp(STAMP) === wanted) {
    console.log('▸ Build is up to date');
    return false;
  }
  const started = Date.now();
  console.log('▸ Building the web app…');
  await runOrExit('Web build', 'npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'apps/web'),
  });
  console.log('▸ Building the API server…');
  await runOrExit('API build', 'node', ['build.mjs'], { cwd: path.join(ROOT, 'apps/api') });
  writeFileSync(path.join(ROOT, STAMP), wanted);
  console.log(`▸ Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await build({ force: process.argv.includes('--force') });
