// Installs dependencies from the lockfile when they are missing or the lockfile changed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashTree, PNPM, readStamp, ROOT, runOrExit } from './lib.mjs';

const STAMP = 'node_modules/.fm-install-stamp';

export async function ensureInstall() {
  const wanted = hashTree(['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json']);
  if (readStamp(STAMP) === wanted) return false;
  console.log('▸ Installing dependencies (pnpm, from the lockfile)…');
  await runOrExit('Install', PNPM[0], [
    ...PNPM.slice(1),
    'install',
    '--frozen-lockfile',
    '--reporter=append-only',
  ]);
  writeFileSync(path.join(ROOT, STAMP), wanted);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureInstall();
