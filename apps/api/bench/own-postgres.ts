import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian keeps the PostgreSQL server programs (PG_BIN overrides). */
export function findPostgresBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

export interface OwnPostgres {
  url: string;
  /** `pg_ctl stop -m fast`: the server ends every session and stops listening. */
  stop(): Promise<void>;
  /** `pg_ctl stop -m immediate` is a crash: every connection cut at once, no shutdown checkpoint. */
  stopWith(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A throw-away PostgreSQL cluster in a temp folder (initdb, trust auth) on `port`, which a
 * benchmark can stop and start — never the shared server. PostgreSQL refuses to run as root, so
 * under root its programs run as the `postgres` user.
 */
export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server programs not found: set PG_BIN to the folder with pg_ctl');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fm-own-pg-'));
  const dataDir = path.join(dir, 'data');
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
    chmodSync(dir, 0o700);
  }
  const pg = (program: string, args: string[]) =>
    isRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args);
  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  };
  const stopWith = async (mode: 'fast' | 'immediate') => {
    await pg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  };
  const stop = () => stopWith('fast');
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    stopWith,
    async destroy() {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
