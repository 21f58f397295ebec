/**
 * The free-agent list on the twelve-team league (test/rest-of-season-league.ts): time per call (the first reads the
 * league and the pool; later ones are a reload), and what a reader gets: rows with a projection, rows whose pickup
 * changes the playoff chance, rows that would start this week, and the first rows as the page lists them.
 * Each query's calls are made by an account of its own: a call is charged to the per-minute allowance by what its
 * simulations draw, so twenty calls in a row would go over one account's minute.
 * Run: `npx tsx bench/free-agents.bench.ts` (apps/api); DATABASE_URL runs it on PostgreSQL instead of PGlite.
 */
import type { FreeAgent, FreeAgentsAnswer } from '@fm/contract';
import { loadavg } from 'node:os';
import { ROS_LEAGUE, startRestOfSeasonLeague } from '../test/rest-of-season-league.js';

const CALLS = 5;
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const { env, client } = await startRestOfSeasonLeague(kind);
try {
  for (const query of ['', '?limit=100', '?position=DEF', '?position=K']) {
    const account = query === '' ? client : await env.newUser();
    if (account !== client) await account.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    const times: number[] = [];
    let body: FreeAgentsAnswer | undefined;
    for (let call = 0; call < CALLS; call++) {
      const started = performance.now();
      const response = await account.get(`${ROS_LEAGUE}/free-agents${query}`);
      times.push(performance.now() - started);
      if (response.status !== 200)
        throw new Error(`${query}: ${response.status} ${JSON.stringify(response.body)}`);
      body = response.body as FreeAgentsAnswer;
    }
    const later = times.slice(1).sort((a, b) => a - b);
    const rows = body!.data;
    const count = (test: (row: FreeAgent) => boolean) => rows.filter(test).length;
    console.log(
      `free-agents${query}: first ${Math.round(times[0]!)} ms, then median ${Math.round(later[later.length >> 1]!)} ms ` +
        `(load ${loadavg()[0]!.toFixed(1)}); ${rows.length} rows, ${count((r) => r.has_projection)} with a projection, ` +
        `${count((r) => r.delta_playoff_probability !== 0)} with ΔP(playoffs) ≠ 0, ` +
        `${count((r) => r.ros_points_over_replacement > 0)} with points over replacement > 0, ` +
        `${count((r) => r.starts_over_player_id !== null)} starting this week; ${body!.simulations} season runs`,
    );
    for (const row of rows.slice(0, 5)) {
      console.log(
        `  ${row.name} (${row.position}) proj ${row.projection?.toFixed(1) ?? '—'}, ` +
          `ROS ${row.ros_projection?.toFixed(0) ?? '—'}: ΔP(playoffs) ${(100 * row.delta_playoff_probability).toFixed(1)}%, ` +
          `ΔP(win) ${(100 * row.delta_win_probability).toFixed(1)}%, +${row.ros_points_over_replacement.toFixed(1)} pts; ` +
          `starts over ${row.starts_over_player_id ?? 'nobody'}, drops ${row.replaces_player_id ?? 'nobody'}`,
      );
    }
  }
} finally {
  await env.stop();
}
