/**
 * A PostgreSQL 15 cluster of its own, in a temp folder on a free port, that tests can freeze (SIGSTOP: sockets
 * stay open, nothing answers) and thaw. Only for tests: it never touches the shared server.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

export interface ThrowawayCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** Stops the postmaster, then every process it started: open connections stay open but answer nothing. */
  freeze(): void;
  /** Stops only the server processes of the connections open now: new connections are still served. */
  freezeOpenConnections(): void;
  /** Resumes every stopped process. */
  thaw(): void;
  /** Thaws, stops and deletes the cluster; safe to call after a failed start. */
  destroy(): void;
}

export const isThrowawayClusterSupported = existsSync(path.join(BIN, 'initdb'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The ids of the processes whose parent is `parentPid`. */
function childrenOf(parentPid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the command name (2nd field) is in parentheses and may hold spaces: the parent id follows the last ')'
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === parentPid) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

/** Server processes that serve a client connection (not the checkpointer, WAL writer and the like). */
function isClientBackend(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('127.0.0.1(');
  } catch {
    return false;
  }
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fm-cluster-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // initdb and postgres refuse to run as root: as root, they run as the postgres account
  const asOwner = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const run = (command: string, args: string[]) => {
    const [file, ...rest] = [...asOwner, path.join(BIN, command), ...args];
    execFileSync(file!, rest, { stdio: 'ignore', timeout: 60_000 });
  };
  if (asOwner.length) {
    chmodSync(dir, 0o777);
  }
  let postmasterPid: number | null = null;
  const stopped = new Set<number>();
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    freeze() {
      if (postmasterPid === null) return;
      // the postmaster first, so that it starts no process while its children are being stopped
      signal(postmasterPid, 'SIGSTOP');
      stopped.add(postmasterPid);
      for (const pid of childrenOf(postmasterPid)) {
        signal(pid, 'SIGSTOP');
        stopped.add(pid);
      }
    },
    freezeOpenConnections() {
      if (postmasterPid === null) return;
      for (const pid of childrenOf(postmasterPid).filter(isClientBackend)) {
        signal(pid, 'SIGSTOP');
        stopped.add(pid);
      }
    },
    thaw() {
      for (const pid of stopped) signal(pid, 'SIGCONT');
      stopped.clear();
    },
    destroy() {
      cluster.thaw();
      try {
        if (existsSync(path.join(dataDir, 'postmaster.pid')))
          run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        if (postmasterPid !== null) signal(postmasterPid, 'SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
    postmasterPid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch (error) {
    cluster.destroy();
    throw error;
  }
  return cluster;
}
