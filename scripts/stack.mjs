// `npm run stack -- --processes N --port P [--log-dir DIR]`: a production-like stack on this machine. N built API
// processes (on 127.0.0.1:P+1 … P+N) behind Debian's nginx on 127.0.0.1:P, configured by deploy/nginx/
// fantasy-http.conf and fantasy-locations.conf as in production (plain HTTP: no TLS on loopback). Needs DATABASE_URL, and REDIS_URL when N > 1. Prints one JSON line
// {"url", "api_pids", "proxy_pid"} on stdout once the stack answers through nginx; everything else goes to stderr.
// Like systemd's Restart=always, an API process that dies is started again after a second; SIGHUP restarts the
// processes one after another (a rolling restart); SIGTERM/SIGINT stop everything it started, and so does its parent
// going away (`npm run stack` execs this script, so a signal sent to npm reaches it: see package.json).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib.mjs';

const NGINX = '/usr/sbin/nginx';
const SERVER_BUNDLE = path.join(ROOT, 'apps/api/dist/main.js');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const HTTP_SETTINGS = path.join(ROOT, 'deploy/nginx/fantasy-http.conf');
const LOCATIONS = path.join(ROOT, 'deploy/nginx/fantasy-locations.conf');
const BOOT_TIMEOUT_MS = 90_000;
const RESTART_DELAY_MS = 1_000;
const STOP_GRACE_MS = 15_000;
/** nginx's fail_timeout for the API processes (deploy/nginx/fantasy.conf has the same). */
const FAIL_TIMEOUT_SECONDS = 2;
/** Open files nginx asks for: two per proxied connection (the client's and the API process's). */
const NGINX_FILES_WANTED = 65_536;
/** The app's default LIVE_STREAMS_PER_ADDRESS (apps/api/src/config.ts), which the recipe's nginx cap sits above. */
const DEFAULT_LIVE_STREAMS_PER_ADDRESS = 20;
/** How often the parent is checked: a stack whose parent is gone (npm killed) stops rather than run on orphaned. */
const PARENT_CHECK_MS = 1_000;

const say = (line) => process.stderr.write(`stack: ${line}\n`);
function fail(line) {
  say(line);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    'log-dir': { type: 'string' },
  },
});
const processes = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(processes) || processes < 1 || processes > 32) fail('--processes must be 1 to 32');
if (!Number.isInteger(port) || port < 1 || port + processes > 65_535) fail('--port must be a free TCP port');
if (!process.env.DATABASE_URL) fail('DATABASE_URL must name the PostgreSQL server every API process shares');
if (processes > 1 && !process.env.REDIS_URL)
  fail('REDIS_URL must be set with more than one process (shared rate limits and data-change announcements)');

const workDir = mkdtempSync(path.join(os.tmpdir(), 'fm-stack-'));
const logDir = values['log-dir'] ? path.resolve(values['log-dir']) : workDir;
mkdirSync(logDir, { recursive: true });
const url = `http://127.0.0.1:${port}`;
const apiPorts = Array.from({ length: processes }, (_, i) => port + 1 + i);

async function isPortFree(candidate) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** What `npm start` does first: build what changed (its output on stderr, stdout carries only the JSON line). */
function ensureBuilt() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 2, 2],
  });
  if (!existsSync(SERVER_BUNDLE) || !existsSync(path.join(WEB_DIST, 'index.html')))
    fail('the build did not produce apps/api/dist/main.js and apps/web/dist');
}

function ensureNginx() {
  if (existsSync(NGINX)) return;
  say("installing Debian's nginx (apt-get install nginx)");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) =>
    execFileSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
      stdio: ['ignore', 2, 2],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt('update', '-qq');
  apt('install', '-y', '-qq', 'nginx');
  if (!existsSync(NGINX)) fail(`${NGINX} is still missing after apt-get install nginx`);
}

function hardFileLimit() {
  try {
    const limit = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
    return limit === 'unlimited' ? NGINX_FILES_WANTED : Math.min(Number(limit), NGINX_FILES_WANTED);
  } catch {
    return 4_096;
  }
}

/**
 * The locations as deployed; only the live streams' per-address cap follows LIVE_STREAMS_PER_ADDRESS when it is
 * raised (the bench opens thousands from one address), staying that much above the app's own cap.
 */
function writeLocations() {
  const raised = Number(process.env.LIVE_STREAMS_PER_ADDRESS);
  const recipe = readFileSync(LOCATIONS, 'utf8');
  const match = /limit_conn fantasy_streams (\d+);/.exec(recipe);
  if (!match) fail(`${LOCATIONS} has no live-stream cap (limit_conn fantasy_streams N)`);
  const locations =
    Number.isInteger(raised) && raised > DEFAULT_LIVE_STREAMS_PER_ADDRESS
      ? recipe.replace(
          match[0],
          `limit_conn fantasy_streams ${raised + Number(match[1]) - DEFAULT_LIVE_STREAMS_PER_ADDRESS};`,
        )
      : recipe;
  const file = path.join(workDir, 'fantasy-locations.conf');
  writeFileSync(file, locations);
  return file;
}

/**
 * The stack's own nginx.conf: its prefix, logs and temp dirs in workDir; the product's http settings and locations
 * as deployed; like fantasy.conf, a default server that refuses any Host name but the stack's own.
 */
function writeNginxConf() {
  const files = hardFileLimit();
  const temp = (name) => path.join(workDir, 'nginx-temp', name);
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(temp(name), { recursive: true });
  const conf = `# written by scripts/stack.mjs
daemon off;
# one worker per core, each with its own open-file limit (two per proxied stream)
worker_processes auto;
worker_rlimit_nofile ${files};
pid ${path.join(workDir, 'nginx.pid')};
error_log ${path.join(logDir, 'nginx-error.log')} warn;
events {
    worker_connections ${Math.max(1_024, files - 64)};
}
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    keepalive_timeout 65s;
    # who was served by which API process, for the stack's tests
    log_format stack '$remote_addr "$request" $status upstream=$upstream_addr';
    access_log ${path.join(logDir, 'nginx-access.log')} stack;
    client_body_temp_path ${temp('client_body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${HTTP_SETTINGS};

    upstream fantasy_api {
${apiPorts.map((p) => `        server 127.0.0.1:${p} max_fails=1 fail_timeout=${FAIL_TIMEOUT_SECONDS}s;`).join('\n')}
        keepalive 64;
    }
    # any other Host name: the connection closed with no answer
    server {
        # the kernel spreads new connections evenly over the workers
        listen 127.0.0.1:${port} default_server reuseport;
        server_name _;
        return 444;
    }
    server {
        listen 127.0.0.1:${port};
        server_name ${[...new Set(['127.0.0.1', 'localhost', new URL(sharedEnv.APP_URL).hostname])].join(' ')};
        root ${WEB_DIST};
        include ${writeLocations()};
    }
}
`;
  const file = path.join(workDir, 'nginx.conf');
  writeFileSync(file, conf);
  return file;
}

async function isHealthy(base) {
  try {
    return (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

async function waitHealthy(base, child, what) {
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited while starting`);
    if (await isHealthy(base)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${what} did not answer /api/health within ${BOOT_TIMEOUT_MS / 1000} s`);
}

const cores = os.availableParallelism();
const sharedEnv = {
  ...process.env,
  HOST: '127.0.0.1',
  APP_URL: process.env.APP_URL ?? url,
  // nginx reaches the processes from 127.0.0.1 and names the client in X-Forwarded-For
  TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
  // every process must sign and check cookies alike
  SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
  // the cores shared out: one for each process's event loop, the rest as simulation threads
  SIMULATION_WORKERS:
    process.env.SIMULATION_WORKERS ?? String(Math.max(1, Math.floor((cores - processes) / processes))),
};

/** The API processes by index: the running child (null while restarting). */
const api = apiPorts.map(() => null);
let nginx = null;
let isStopping = false;

function spawnApi(i) {
  const dataDir = path.join(workDir, `api-${i + 1}`);
  mkdirSync(dataDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `api-${i + 1}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: { ...sharedEnv, PORT: String(apiPorts[i]), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  api[i] = child;
  child.once('exit', (code, signal) => {
    if (isStopping || api[i] !== child) return;
    api[i] = null;
    say(`API process ${i + 1} (pid ${child.pid}) exited (${signal ?? code}); starting it again in 1 s`);
    setTimeout(() => {
      if (isStopping) return;
      const again = spawnApi(i);
      waitHealthy(`http://127.0.0.1:${apiPorts[i]}`, again, `API process ${i + 1}`).then(
        () => say(`API process ${i + 1} is back (pid ${again.pid})`),
        (error) => say(error.message),
      );
    }, RESTART_DELAY_MS);
  });
  return child;
}

function stopChild(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/** SIGHUP: each process in turn is stopped (its running requests finish), started and healthy before the next. */
let rolling = null;
async function rollingRestart() {
  for (let i = 0; i < api.length; i++) {
    if (isStopping) return;
    const old = api[i];
    api[i] = null; // not restarted by the exit handler
    await stopChild(old);
    const fresh = spawnApi(i);
    await waitHealthy(`http://127.0.0.1:${apiPorts[i]}`, fresh, `API process ${i + 1}`);
    say(`rolling restart: API process ${i + 1} is back (pid ${fresh.pid})`);
    // nginx sends it requests again only once its fail_timeout has passed: until then it must not be the only one
    await new Promise((resolve) => setTimeout(resolve, (FAIL_TIMEOUT_SECONDS + 1) * 1000));
  }
  say(`rolling restart done: ${JSON.stringify({ api_pids: api.map((child) => child?.pid ?? null) })}`);
}

async function stopAll(exitCode) {
  if (isStopping) return;
  isStopping = true;
  await Promise.all([...api.map((child) => stopChild(child)), stopChild(nginx, 'SIGQUIT')]);
  // a failed start keeps its logs
  if (exitCode === 0 || logDir !== workDir) rmSync(workDir, { recursive: true, force: true });
  process.exit(exitCode);
}

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void stopAll(0));
// A supervisor that signals npm reaches this process (npm forwards the signal, and the script is exec'd so no shell
// sits between them, dropping it); if the parent is killed outright, this process is re-parented: stop too.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) {
    say(`the parent process (pid ${parentPid}) is gone; stopping`);
    void stopAll(0);
  }
}, PARENT_CHECK_MS).unref();
process.on('SIGHUP', () => {
  rolling ??= rollingRestart()
    .catch((error) => say(`rolling restart failed: ${error.message}`))
    .finally(() => (rolling = null));
});

try {
  for (const candidate of [port, ...apiPorts]) {
    if (!(await isPortFree(candidate)))
      throw new Error(`port ${candidate} is in use (the stack takes P to P+N)`);
  }
  ensureBuilt();
  ensureNginx();
  const conf = writeNginxConf();
  execFileSync(NGINX, ['-t', '-q', '-p', workDir, '-c', conf, '-e', path.join(logDir, 'nginx-error.log')], {
    stdio: ['ignore', 2, 2],
  });
  const started = apiPorts.map((_, i) => spawnApi(i));
  nginx = spawn(NGINX, ['-p', workDir, '-c', conf, '-e', path.join(logDir, 'nginx-error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  nginx.once('exit', (code, signal) => {
    if (isStopping) return;
    say(`nginx exited (${signal ?? code}); stopping the stack`);
    void stopAll(1);
  });
  await Promise.all(
    started.map((child, i) => waitHealthy(`http://127.0.0.1:${apiPorts[i]}`, child, `API process ${i + 1}`)),
  );
  await waitHealthy(url, nginx, 'nginx');
  say(`logs in ${logDir}`);
  process.stdout.write(
    `${JSON.stringify({ url, api_pids: api.map((child) => child.pid), proxy_pid: nginx.pid })}\n`,
  );
} catch (error) {
  say(`${error.message} (logs in ${logDir})`);
  await stopAll(1);
}
