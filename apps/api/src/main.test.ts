import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
  return new Promise<Outcome>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'fm-main-')),
        LOG_LEVEL: 'info',
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
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
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
  it('stops on a bad variable with one line naming it and exit code 1', async () => {
    const outcome = await runMain({ PORT: 'not-a-port' });
    expect(outcome.code).toBe(1);
    const lines = meaningfulLines(outcome.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
  });

  it('stops on an unreachable DATABASE_URL with one line naming it', async () => {
    const outcome = await runMain({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' });
    expect(outcome.code).toBe(1);
    const lines = meaningfulLines(outcome.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATABASE_URL: cannot connect/);
  });

  it('stops on a busy port with one line naming PORT', async () => {
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
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const outcome = await runMain({ PORT: '0' }, { untilLog: /is running at/, thenSignal: 'SIGTERM' });
    expect(outcome.stdout).toContain('shutting down');
    expect(outcome.code).toBe(0);
  });
});
