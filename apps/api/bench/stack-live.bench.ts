/**
 * Live updates at scale behind the production proxy: STREAMS open `live.dataChanges` streams through nginx
 * (`npm run stack -- --processes 1`) on one API process, read by a client process of their own
 * (bench/sse-clients.mjs). Prints the memory each open stream costs the API process and nginx's worker, and the
 * time for a data change (committed and announced on PostgreSQL, as an import by another process would) to reach
 * the first and the last of them.
 *
 * Needs DATABASE_URL (a throw-away database is made on that server) and, for 10,000 streams, permission to raise
 * the open-file limit (each stream holds one socket in the client, two in nginx and one in the API process).
 * `npx pnpm@10 --filter @fm/api bench:stack [streams]`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@fm/db';
import { createDataVersion } from '../src/services/data-changes/data-version.js';

const STREAMS = Number(process.argv[2] ?? 10_000);
const CHANGES = 5;
/**
 * argv[3]: ms between waves of 100 new streams. The client keeps at most 300 waiting for their first event
 * (bench/sse-clients.mjs), so the streams open as fast as the stack takes them: that rate is the figure.
 */
const OPEN_GAP_MS = Number(process.argv[3] ?? 50);
const OPEN_FILES = 65_536;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SSE_CLIENTS = fileURLToPath(new URL('./sse-clients.mjs', import.meta.url));

const kib = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
};
/** CPU time (user + system) a process has used so far, in ms. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
};
/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100;
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
/** Runs `command` with the open-file limit raised (both limits: we may be root), or as it is when refused. */
const withOpenFiles = (command: string[]) =>
  [
    'sh',
    ['-c', `ulimit -n ${OPEN_FILES} 2>/dev/null || ulimit -n $(ulimit -Hn); exec "$@"`, 'sh', ...command],
  ] as const;

function lines(child: ChildProcess) {
  const iterator = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return async () => {
    const next = await iterator.next();
    if (next.done) throw new Error('the process ended early');
    return String(next.value);
  };
}

async function main() {
  if (!process.env.DATABASE_URL) {
    console.log('stack-live bench: skipped (set DATABASE_URL)');
    return;
  }
  const database = await createTestDatabase(process.env.DATABASE_URL, { isMigrated: false });
  // this process opens no channel: its bumps reach the stack's process by NOTIFY
  const dataVersion = createDataVersion(database);
  const port = 18_000 + Math.floor(Math.random() * 20_000);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'fm-stack-bench-'));
  console.log(`stack logs in ${logDir}`);
  const [shell, args] = withOpenFiles([
    process.execPath,
    'scripts/stack.mjs',
    '--processes',
    '1',
    '--port',
    String(port),
    '--log-dir',
    logDir,
  ]);
  const stack = spawn(shell, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.url!,
      DATA_SYNC_MINUTES: '0',
      LOG_LEVEL: 'warn',
      // the per-address and per-process stream caps: this bench is one address opening every stream
      LIVE_STREAMS_PER_ADDRESS: String(STREAMS * 2),
      LIVE_STREAMS_PER_PROCESS: String(STREAMS * 2),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let clients: ChildProcess | undefined;
  try {
    const { url, api_pids, proxy_pid } = JSON.parse(await lines(stack)()) as {
      url: string;
      api_pids: number[];
      proxy_pid: number;
    };
    const apiPid = api_pids[0]!;
    const workers = childrenOf(proxy_pid);
    const nginxKib = () => workers.reduce((sum, pid) => sum + kib(pid), 0);
    const cpu = () => ({ api: cpuMs(apiPid), nginx: workers.reduce((sum, pid) => sum + cpuMs(pid), 0) });
    // one stream open and closed first, so what follows counts streams, not the first request's warm-up
    await fetch(`${url}/trpc/live.dataChanges`, { signal: AbortSignal.timeout(1_000) })
      .then((response) => response.text())
      .catch(() => {});
    const before = { api: kib(apiPid), nginx: nginxKib() };
    const cpuBefore = cpu();
    const loadBefore = loadAverage();

    const [clientShell, clientArgs] = withOpenFiles([
      process.execPath,
      SSE_CLIENTS,
      `${url}/trpc/live.dataChanges`,
      String(STREAMS),
      // 100 new streams every OPEN_GAP_MS: faster, the API process's accept queue (511) overflows on a busy machine
      String(OPEN_GAP_MS),
    ]);
    const openedAt = Date.now();
    clients = spawn(clientShell, clientArgs, { stdio: ['pipe', 'pipe', 'inherit'] });
    const nextLine = lines(clients);
    if ((await nextLine()) !== 'ready') throw new Error('the SSE clients did not connect');
    const openMs = Date.now() - openedAt;
    const cpuOpened = cpu();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = { api: kib(apiPid), nginx: nginxKib() };

    const reach: { first: number; last: number }[] = [];
    const cpuBeforeChanges = cpu();
    for (let i = 0; i < CHANGES; i++) {
      const startedAt = Date.now();
      const version = await dataVersion.bump();
      clients.stdin!.write(`mark ${version}\n`);
      const answer = JSON.parse(await nextLine()) as { received: number; firstAt: number; lastAt: number };
      if (answer.received !== STREAMS) throw new Error(`only ${answer.received} streams got the change`);
      reach.push({ first: answer.firstAt - startedAt, last: answer.lastAt - startedAt });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const cpuAfterChanges = cpu();
    const perStream = (from: number, to: number) => ((to - from) / STREAMS).toFixed(1);
    const perEvent = (from: number, to: number) => ((to - from) / CHANGES).toFixed(0);
    console.log(
      `\nLive updates through nginx: ${STREAMS} open streams on one API process, ` +
        `opened in ${(openMs / 1000).toFixed(1)} s (${Math.round(STREAMS / (openMs / 1000))} streams/s; ` +
        `load average ${loadBefore} before, ${loadAverage()} after, on ${os.availableParallelism()} cores)\n` +
        `  CPU per stream opened (ms): API process ${perStream(cpuBefore.api, cpuOpened.api)}, ` +
        `nginx ${perStream(cpuBefore.nginx, cpuOpened.nginx)}; ` +
        `CPU per change pushed to all (ms): API process ${perEvent(cpuBeforeChanges.api, cpuAfterChanges.api)}, ` +
        `nginx ${perEvent(cpuBeforeChanges.nginx, cpuAfterChanges.nginx)}\n` +
        `  memory per open stream: API process ${perStream(before.api, after.api)} KiB RSS ` +
        `(${(before.api / 1024).toFixed(0)} → ${(after.api / 1024).toFixed(0)} MiB), ` +
        `nginx's ${workers.length} workers ${perStream(before.nginx, after.nginx)} KiB ` +
        `(${(before.nginx / 1024).toFixed(0)} → ${(after.nginx / 1024).toFixed(0)} MiB)\n` +
        `  a data change reached the first / the last stream after (ms): ` +
        reach.map(({ first, last }) => `${first} / ${last}`).join(', '),
    );
  } finally {
    clients?.kill('SIGTERM');
    const stopped = new Promise((resolve) => stack.once('exit', resolve));
    stack.kill('SIGTERM');
    await stopped;
    await database.destroy();
  }
}

await main();
