/**
 * Whether one user can hog the simulation threads. Another user's 10,000-iteration simulation
 * (median of several, run one after another) is timed unloaded, then while one user attacks:
 *  A. the attack as reported: ten parallel 1,000,000-iteration 30-v-30 simulations plus a tRPC
 *     batch of five, each connection sending its next request as soon as the last is answered;
 *  B. the heaviest attack the limits still let through: the same, at the cost cap
 *     (iterations × players = MAX_SIMULATION_COST), from a fresh account.
 *  C. a control: the same eleven connections asking GET /api/auth/me, which simulates nothing;
 *     what A and B cost beyond C is what simulating costs, the rest is answering requests at all.
 * Prints the medians side by side with their ratio to the unloaded one (goal ≤ 2×) and what the
 * attacker's requests were answered. The real server on PGlite with the default SIMULATION_WORKERS.
 * Run: `npx pnpm@10 --filter @fm/api exec tsx bench/simulation-fairness.bench.ts` (part of `bench`).
 */
import { fork } from 'node:child_process';
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
const VICTIM_RUNS = 15;
const ATTACK_ITERATIONS = 1_000_000;
const PARALLEL_ATTACKS = 10;
const BATCH_SIZE = 5;
const GOAL_RATIO = 2;
const PASSWORD = 'Touchdown!2024x';
const POSITIONS = ['QB', 'RB', 'WR', 'TE', 'K', 'DEF'];
const TEAMS = ['KC', 'LV', 'SF', 'SEA', 'DAL', 'PHI', 'BUF', 'MIA'];

const ATTACK_CLIENT = fileURLToPath(new URL('./simulation-attack-client.mjs', import.meta.url));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const bench = await startBenchServer(kind);
const { deps, url } = bench.server;
try {
  const ids = await insertPlayers(
    deps.database,
    Array.from({ length: LINEUP * 2 }, (_, i) => ({
      name: `Bench Player ${i}`,
      position: POSITIONS[i % POSITIONS.length]!,
      team: TEAMS[i % TEAMS.length]!,
    })),
  );
  await insertProjections(
    deps.database,
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

  const refs = ids.map(String);
  const matchup = (size: number, iterations: number) => ({
    user_team: { starters: refs.slice(0, size) },
    opponent_team: { starters: refs.slice(LINEUP, LINEUP + size) },
    iterations,
    season: SEASON,
    week: WEEK,
  });

  // A fresh victim per phase, so the victim never meets its own per-minute limit.
  const victimMedianMs = async () => {
    const victim = await signIn('victim');
    const times: number[] = [];
    for (let run = 0; run < VICTIM_RUNS; run++) {
      const startedAt = performance.now();
      const answer = await victim.post('/api/matchup/simulate', matchup(VICTIM_LINEUP, VICTIM_ITERATIONS));
      if (answer.status !== 200) throw new Error(`victim refused: ${answer.status} ${answer.text}`);
      times.push(performance.now() - startedAt);
    }
    return median(times);
  };

  /** Starts the attack in its own process; `stop` ends it and answers its statuses with their counts. */
  const attack = (attacker: TestClient, iterations: number | 'me') => {
    const cookie = [...attacker.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const args = [url, cookie, attacker.csrfToken ?? '', String(PARALLEL_ATTACKS), String(BATCH_SIZE)];
    const body = iterations === 'me' ? 'me' : JSON.stringify(matchup(LINEUP, iterations));
    const child = fork(ATTACK_CLIENT, [...args, body], {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    return {
      started: new Promise((resolve) => child.once('message', resolve)),
      stop: async () => {
        child.kill('SIGTERM');
        await exited;
        return Object.entries(JSON.parse(output || '{}') as Record<string, number>);
      },
    };
  };

  await victimMedianMs(); // warm-up: threads, prepared statements, caches
  const unloaded = await victimMedianMs();
  const rows: [string, number, string][] = [['unloaded', unloaded, '']];
  const capIterations = Math.floor(MAX_SIMULATION_COST / (LINEUP * 2));
  for (const [label, iterations] of [
    [`A: 10 × ${ATTACK_ITERATIONS.toLocaleString('en-US')} it. 30-v-30 + batch of 5`, ATTACK_ITERATIONS],
    [`B: the same at the cost cap (${capIterations.toLocaleString('en-US')} it.)`, capIterations],
    ['C: control, 11 connections of GET /api/auth/me (no simulation)', 'me'],
  ] as const) {
    const running = attack(await signIn('attacker'), iterations);
    await running.started;
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the attack fill the queue
    const loaded = await victimMedianMs();
    const answered = (await running.stop()).map(([status, n]) => `${status}: ${n}`).join(', ');
    rows.push([label, loaded, answered]);
  }

  console.log(`\nsimulation fairness (SIMULATION_WORKERS=${deps.config.simulationWorkers}, ${kind})`);
  console.log(
    `another user's ${VICTIM_ITERATIONS.toLocaleString('en-US')}-iteration simulation, median of ${VICTIM_RUNS}:`,
  );
  for (const [label, ms, answered] of rows) {
    const ratio = ms / unloaded;
    const verdict =
      label === 'unloaded' ? '' : ratio <= GOAL_RATIO ? '  ok' : `  OVER the ${GOAL_RATIO}× goal`;
    console.log(
      `  ${label.padEnd(58)} ${ms.toFixed(1).padStart(8)} ms  ×${ratio.toFixed(2)}${verdict}` +
        (answered ? `\n      attacker's answers: ${answered}` : ''),
    );
  }
} finally {
  await bench.dispose();
}
