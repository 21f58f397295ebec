// Helpers shared by the root scripts (start, build, test). Plain Node: they run before install.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM = ['npx', '-y', 'pnpm@10'];

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a command with its output held back and printed whole when it ends (for commands run side by side, whose
 * lines would otherwise interleave); resolves with its exit code.
 */
export function runBuffered(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * CPU seconds (user + system) of this process's finished children and their descendants, from /proc (Linux); 0
 * elsewhere. The difference across a step is the CPU the step used, whatever ran beside it.
 */
export function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // after "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at indices 13 and 14
    const ticks = Number(fields[13]) + Number(fields[14]);
    return ticks / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
// Linux reports /proc times in USER_HZ, 100 on every mainstream architecture.
const CLOCK_TICKS_PER_SECOND = 100;

/** The Playwright end-to-end suite against the built app (build first); resolves with its exit code. */
export function runE2e(extraArgs = []) {
  return run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...extraArgs]);
}

export async function runOrExit(label, command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${label} failed (exit ${code})`);
    process.exit(code);
  }
}

const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', 'coverage', 'test-results', 'artifacts', '.git']);

/** A hash of every file below the given paths (skipping build output), for "is this up to date?" stamps. */
export function hashTree(paths) {
  const hash = createHash('sha256');
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(target).sort()) {
        if (!SKIP_DIRS.has(entry)) visit(path.join(target, entry));
      }
    } else {
      hash.update(path.relative(ROOT, target));
      hash.update(readFileSync(target));
    }
  };
  for (const p of paths) visit(path.join(ROOT, p));
  return hash.digest('hex');
}

export function readStamp(file) {
  try {
    return readFileSync(path.join(ROOT, file), 'utf8').trim();
  } catch {
    return null;
  }
}
