import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const POSTGRES_URL = process.env.DATABASE_URL || undefined;
const PACKAGE_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Runs the probe in its own process: without the driver patch it dies there, not in the test runner. */
function runProbe(closeKind: 'reset' | 'end' | 'transaction') {
  return new Promise<{ code: number | null; lines: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'test/write-after-close-probe.ts', POSTGRES_URL!, closeKind],
      { cwd: PACKAGE_DIR, timeout: 30_000 },
      (error, stdout) => resolve({ code: error ? (error.code as number | null) : 0, lines: stdout.trim() }),
    );
  });
}

// postgres.js 3.4.9 defers small writes with setImmediate; a connection closed before it fires threw from that
// timer and ended the process (patches/postgres@3.4.9.patch). A write on a closed connection must instead settle
// its query with a catchable CONNECTION_CLOSED.
describe.skipIf(!POSTGRES_URL)('a query on a PostgreSQL connection that has just closed', () => {
  it.each(['reset', 'end'] as const)(
    'on a reserved connection whose socket was %s: rejects with CONNECTION_CLOSED, the process lives',
    async (closeKind) => {
      const { code, lines } = await runProbe(closeKind);
      expect(JSON.parse(lines)).toEqual({ outcome: 'rejected', code: 'CONNECTION_CLOSED' });
      expect(code).toBe(0);
    },
  );

  it('in a transaction cut under its query (the driver then writes ROLLBACK): rejects, the process lives', async () => {
    const { code, lines } = await runProbe('transaction');
    expect(JSON.parse(lines)).toEqual({ outcome: 'rejected', code: 'CONNECTION_CLOSED' });
    expect(code).toBe(0);
  });
});
