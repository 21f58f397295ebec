import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyPgliteTemplate } from '@fm/db';
import { describe, expect, it } from 'vitest';

/**
 * Each test starts the real entry point through tsx, which compiles the whole server first (8–14 s on a loaded
 * 2-core machine running other test files beside it): a test gets this long, its process a little less.
 */
const TEST_LIMIT_MS = 90_000;
const PROCESS_LIMIT_MS = 80_000;

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real entry point (src/main.ts through tsx) with the given environment. */
function runMain(
  env: Record<string, string>,
  options: { untilLog?: RegExp; thenSignal?: NodeJS.Signals } = {},
) {
  // a migrated database, as a restart finds it: what these tests check is the process, not a first start's set-up
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fm-main-'));
  copyPgliteTemplate(dataDir);
  return new Promise<Outcome>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        // never the real services: a closed local port, so the start's sync and linking fail at once
        SLEEPER_API_URL: 'http://127.0.0.1:9',
        ESPN_API_URL: 'http://127.0.0.1:9',
        NFL_SCOREBOARD_URL: 'http://127.0.0.1:9/scoreboard',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (options.untilLog?.test(stdout) && options.thenSignal) child.kill(options.thenSignal);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_LIMIT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const meaningfulLines = (text: string) =>
  text
    .split('\n')
    .filter(
      (line) => line.trim() && !line.includes('ExperimentalWarning') && !line.includes('--trace-warnings'),
    );

describe('the server process', () => {
  it(
    'stops on a bad variable with one line naming it and exit code 1',
    async () => {
      const outcome = await runMain({ PORT: 'not-a-port' });
      expect(outcome.code).toBe(1);
      const lines = meaningfulLines(outcome.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('PORT');
    },
    TEST_LIMIT_MS,
  );

  it(
    'stops on an unreachable DATABASE_URL with one line naming it',
    async () => {
      const outcome = await runMain({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' });
      expect(outcome.code).toBe(1);
      const lines = meaningfulLines(outcome.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^DATABASE_URL: cannot connect/);
    },
    TEST_LIMIT_MS,
  );

  it(
    'stops on a busy port with one line naming PORT',
    async () => {
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as net.AddressInfo).port;
      try {
        const outcome = await runMain({ PORT: String(port) });
        expect(outcome.code).toBe(1);
        const lines = meaningfulLines(outcome.stderr);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain(`PORT: ${port} is already in use`);
      } finally {
        blocker.close();
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    'shuts down cleanly on SIGTERM',
    async () => {
      const outcome = await runMain({ PORT: '0' }, { untilLog: /is running at/, thenSignal: 'SIGTERM' });
      expect(outcome.stdout).toContain('shutting down');
      expect(outcome.code).toBe(0);
    },
    TEST_LIMIT_MS,
  );
});
