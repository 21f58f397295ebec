/**
 * Whether one user can hog the simulation threads. Another user's 10,000-iteration 9-v-9
 * simulation (one after another, from its own process) is timed unloaded and while one user attacks,
 * in alternating rounds so that a change in the machine's load falls on both columns alike:
 *  A. the attack as reported: ten parallel 1,000,000-iteration 30-v-30 simulations plus a tRPC
 *     batch of five, each connection sending its next request as soon as the last is answered;
 *  B. the heaviest attack the limits still let through: the same, at the cost cap
 *     (iterations × players = MAX_SIMULATION_COST), from a fresh account each round (a fresh
 *     minute's allowance);
 *  C. a control: the same eleven connections asking GET /api/auth/me, which simulates nothing;
 *     what A and B cost beyond C is what simulating costs, the rest is answering requests at all.
 * Prints median and p95 of each column and their ratios (goal: median ≤ 2×), where the victim's
 * time went (on the server, and waiting for and running on a thread), how busy the server's event
 * loop was, and what the attacker's requests were answered.
 * Both clients run in sessions of their own, as if on other machines: Linux shares the CPU between
 * sessions (autogroups) before it looks at processes, so a client in the server's session would
 * take the server's share. The attack client's session has the same weight as the server's by
 * default, the harder case on an idle machine, where it takes CPU the server could use (a remote
 * attacker would not); ATTACKER_NICE=19 gives it only what the server leaves idle, which on a
 * machine busy with other work can starve it. Its request rate is printed, so the attack's
 * strength is visible.
 * The real server on PGlite (or DATABASE_URL) with the default SIMULATION_WORKERS.
 * Run: `npx pnpm@10 --filter @fm/api exec tsx bench/simulation-fairness.bench.ts` (part of `bench`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { users } from '@fm/db';
import { hashPassword } from '../src/services/auth/password-hashing.js';
import { MAX_SIMULATION_COST } from '../src/services/simulation/admission.js';
import { insertPlayers, insertProjections } from '../test/nfl-rows.js';
import { TestClient } from '../test/harness.js';
import { startBenchServer } from './bench-server.js';

const SEASON = 2025;
const WEEK = 11;
const LINEUP = 30;
const VICTIM_LINEUP = 9;
const VICTIM_ITERATIONS = 10_000;
const ROUNDS = 3;
const RUNS_PER_ROUND = 7;
const ATTACK_WARM_UP_MS = 300;
const ATTACK_ITERATIONS = 1_000_000;
const PARALLEL_ATTACKS = 10;
const BATCH_SIZE = 5;
const GOAL_RATIO = 2;
const ATTACKER_NICE = Number(process.env.ATTACKER_NICE ?? 0);
const PASSWORD = 'Touchdown!2024x';
const POSITIONS = ['QB', 'RB', 'WR', 'TE', 'K', 'DEF'];
const TEAMS = ['KC', 'LV', 'SF', 'SEA', 'DAL', 'PHI', 'BUF', 'MIA'];

const ATTACK_CLIENT = fileURLToPath(new URL('./simulation-attack-client.mjs', import.meta.url));
const VICTIM_CLIENT = fileURLToPath(new URL('./simulation-victim-client.mjs', import.meta.url));

const quantile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
};
const median = (values: number[]) => quantile(values, 0.5);
const load = () => os.loadavg()[0]!.toFixed(2);

interface Column {
  times: number[];
  serverTimes: number[];
  threadTimes: number[];
  /** Share of the wall time the server's event loop was busy. */
  busy: number[];
}
const emptyColumn = (): Column => ({ times: [], serverTimes: [], threadTimes: [], busy: [] });

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const loadAtStart = load();
const bench = await startBenchServer(kind);
const { deps, url, app } = bench.server;
/** A client process in a session (and so a CPU share) of its own, at `nice`. */
const forkClient = (file: string, args: string[], nice: number): ChildProcess => {
  const child = fork(file, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], detached: true });
  os.setPriority(child.pid!, nice);
  const autogroup = `/proc/${child.pid}/autogroup`;
  if (existsSync(autogroup)) writeFileSync(autogroup, String(nice));
  return child;
};

const victimProcess = forkClient(VICTIM_CLIENT, [], 0);
try {
  await new Promise((resolve) => victimProcess.once('message', resolve));
  // The victim's time on the server: from its request's headers to the last byte of the answer.
  let serverTimes: number[] = [];
  app.server.prependListener('request', (req, res) => {
    if (req.headers['x-bench-role'] !== 'victim') return;
    const startedAt = performance.now();
    res.once('finish', () => serverTimes.push(performance.now() - startedAt));
  });

  const ids = await insertPlayers(
    deps.database,
    Array.from({ length: LINEUP * 2 }, (_, i) => ({
      name: `Bench Player ${i}`,
      position: POSITIONS[i % POSITIONS.length]!,
      team: TEAMS[i % TEAMS.length]!,
    })),
  );
  await insertProjections(
    deps,
    ids.map((playerId, i) => ({
      playerId,
      season: SEASON,
      week: WEEK,
      source: 'model' as const,
      team: TEAMS[i % TEAMS.length]!,
      predMean: 8 + (i % 13),
    })),
  );
  const passwordHash = await hashPassword(PASSWORD);
  const signIn = async (label: string) => {
    const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    await deps.database.db
      .insert(users)
      .values({ email, passwordHash, role: 'user', emailVerifiedAt: new Date() });
    const client = new TestClient(url);
    const login = await client.post('/api/auth/login', { email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
    return client;
  };
  const cookieOf = (client: TestClient) =>
    [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  const refs = ids.map(String);
  const matchup = (size: number, iterations: number) => ({
    user_team: { starters: refs.slice(0, size) },
    opponent_team: { starters: refs.slice(LINEUP, LINEUP + size) },
    iterations,
    season: SEASON,
    week: WEEK,
  });

  /** `runs` victim simulations one after another, into `column`. */
  const runVictim = async (victim: TestClient, runs: number, column: Column | null) => {
    serverTimes = [];
    const loopBefore = performance.eventLoopUtilization();
    const answer = new Promise<{ times: number[]; durations: number[]; error?: string }>((resolve) =>
      victimProcess.once('message', resolve as (message: unknown) => void),
    );
    victimProcess.send({
      url,
      cookie: cookieOf(victim),
      csrfToken: victim.csrfToken ?? '',
      body: JSON.stringify(matchup(VICTIM_LINEUP, VICTIM_ITERATIONS)),
      runs,
    });
    const { times, durations, error } = await answer;
    if (error) throw new Error(error);
    if (!column) return;
    column.times.push(...times);
    column.threadTimes.push(...durations);
    column.serverTimes.push(...serverTimes);
    column.busy.push(performance.eventLoopUtilization(loopBefore).utilization);
  };

  /** Starts the attack in its own process; `stop` ends it and answers what it was answered. */
  const attack = (attacker: TestClient, iterations: number | 'me') => {
    const args = [
      url,
      cookieOf(attacker),
      attacker.csrfToken ?? '',
      String(PARALLEL_ATTACKS),
      String(BATCH_SIZE),
    ];
    const body = iterations === 'me' ? 'me' : JSON.stringify(matchup(LINEUP, iterations));
    const child = forkClient(ATTACK_CLIENT, [...args, body], ATTACKER_NICE);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    return {
      started: new Promise((resolve) => child.once('message', resolve)),
      stop: async () => {
        child.kill('SIGTERM');
        await exited;
        return JSON.parse(output) as {
          statuses: Record<string, number>;
          seconds: number;
          cpuSeconds: number;
        };
      },
    };
  };

  const capIterations = Math.floor(MAX_SIMULATION_COST / (LINEUP * 2));
  const attacks = [
    [`A: 10 × ${ATTACK_ITERATIONS.toLocaleString('en-US')} it. 30-v-30 + batch of 5`, ATTACK_ITERATIONS],
    [`B: the same at the cost cap (${capIterations.toLocaleString('en-US')} it.)`, capIterations],
    ['C: control, 11 connections of GET /api/auth/me', 'me'],
  ] as const;
  const results: {
    label: string;
    isControl: boolean;
    unloaded: Column;
    attacked: Column;
    attacker: string;
  }[] = [];
  for (const [label, iterations] of attacks) {
    // A fresh victim per attack, so the victim never meets its own per-minute limit.
    const victim = await signIn('victim');
    await runVictim(victim, 3, null); // warm-up: threads, prepared statements, caches
    const unloaded = emptyColumn();
    const attacked = emptyColumn();
    const statuses: Record<string, number> = {};
    let attackSeconds = 0;
    let attackCpuSeconds = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await runVictim(victim, RUNS_PER_ROUND, unloaded);
      const running = attack(await signIn('attacker'), iterations);
      await running.started;
      await new Promise((resolve) => setTimeout(resolve, ATTACK_WARM_UP_MS)); // let the attack fill the queue
      await runVictim(victim, RUNS_PER_ROUND, attacked);
      const answered = await running.stop();
      for (const [status, n] of Object.entries(answered.statuses))
        statuses[status] = (statuses[status] ?? 0) + n;
      attackSeconds += answered.seconds;
      attackCpuSeconds += answered.cpuSeconds;
    }
    const perSecond = Object.entries(statuses)
      .map(([status, n]) => `${status}: ${Math.round(n / attackSeconds)}/s`)
      .join(', ');
    const attacker = `${perSecond}; the attack client used ${Math.round((100 * attackCpuSeconds) / attackSeconds)}% of a core`;
    results.push({ label, isControl: iterations === 'me', unloaded, attacked, attacker });
  }

  const ms = (value: number) => value.toFixed(1).padStart(7);
  const ratio = (value: number) => `×${value.toFixed(2)}`.padStart(7);
  const percent = (values: number[]) => `${Math.round(100 * median(values))}%`;
  const runs = ROUNDS * RUNS_PER_ROUND;
  console.log(
    `\nsimulation fairness (SIMULATION_WORKERS=${deps.config.simulationWorkers}, ${kind}, ${os.availableParallelism()} cores, ` +
      `load ${loadAtStart} at start, ${load()} at end; attack client's session at nice ${ATTACKER_NICE})`,
  );
  console.log(
    `another user's ${VICTIM_ITERATIONS.toLocaleString('en-US')}-iteration ${VICTIM_LINEUP}-v-${VICTIM_LINEUP} simulation, ` +
      `${runs} per column (${ROUNDS} rounds of ${RUNS_PER_ROUND}, unloaded and attacked in turn), ms:`,
  );
  console.log(`${''.padEnd(52)}  unloaded         attacked         attacked ÷ unloaded`);
  console.log(`${''.padEnd(52)}  median    p95    median    p95    median    p95`);
  for (const { label, isControl, unloaded, attacked, attacker } of results) {
    const medianRatio = median(attacked.times) / median(unloaded.times);
    const p95Ratio = quantile(attacked.times, 0.95) / quantile(unloaded.times, 0.95);
    const verdict = isControl
      ? '(control: no simulation)'
      : medianRatio <= GOAL_RATIO
        ? 'ok'
        : `OVER the ${GOAL_RATIO}× goal`;
    console.log(
      `${label.padEnd(52)} ${ms(median(unloaded.times))} ${ms(quantile(unloaded.times, 0.95))}  ` +
        `${ms(median(attacked.times))} ${ms(quantile(attacked.times, 0.95))}  ${ratio(medianRatio)} ${ratio(p95Ratio)}  ${verdict}`,
    );
    console.log(
      `    medians on the server ${median(unloaded.serverTimes).toFixed(1)} → ${median(attacked.serverTimes).toFixed(1)} ms, ` +
        `of which waiting for and on a thread ${median(unloaded.threadTimes).toFixed(1)} → ${median(attacked.threadTimes).toFixed(1)} ms; ` +
        `event loop busy ${percent(unloaded.busy)} → ${percent(attacked.busy)}`,
    );
    console.log(`    attacker's answers: ${attacker}`);
  }
} finally {
  victimProcess.kill();
  await bench.dispose();
}
