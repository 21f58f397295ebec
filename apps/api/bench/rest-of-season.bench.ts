/**
 * Time per call of the rest-of-season answers on a twelve-team league (the recorded 2025 league with two teams
 * added, every player projected: test/rest-of-season-league.ts), and the season simulations each runs. The first
 * call of each reads the league and the pool; the later ones are what a person reloading the page waits for. The
 * CPU time (server and client share the process) says what a call costs on a busy machine, where wall time does not.
 * Run: `npx tsx bench/rest-of-season.bench.ts` (apps/api); DATABASE_URL runs it on PostgreSQL instead of PGlite.
 */
import { ROS_LEAGUE, startRestOfSeasonLeague } from '../test/rest-of-season-league.js';

const CALLS = 5;
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const { env, client } = await startRestOfSeasonLeague(kind);
try {
  for (const path of ['details', 'free-agents', 'free-agents?limit=100', 'playoff-leverage']) {
    const times: number[] = [];
    let simulations = 0;
    let cpuMs = 0;
    for (let call = 0; call < CALLS; call++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const response = await client.get(`${ROS_LEAGUE}/${path}`);
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      if (call > 0) cpuMs += (used.user + used.system) / 1000 / (CALLS - 1);
      if (response.status !== 200)
        throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
      simulations = response.body.simulations ?? 0;
    }
    const later = times.slice(1).sort((a, b) => a - b);
    console.log(
      `${path}: first ${Math.round(times[0]!)} ms, then median ${Math.round(later[later.length >> 1]!)} ms ` +
        `(max ${Math.round(later.at(-1)!)} ms, ${Math.round(cpuMs)} ms of CPU on average); ` +
        `${simulations} season simulations per call`,
    );
  }
} finally {
  await env.stop();
}
