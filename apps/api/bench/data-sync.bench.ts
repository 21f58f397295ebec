/**
 * The live-data sync from a local Sleeper-compatible service, on both databases side by side:
 * a fresh install's first sync of a whole season (the previous season's 18 weeks of stats and
 * projections plus the current season's 17 played weeks, the directory and the schedule, then our
 * model over every week), then the hourly sync that finds nothing new. A fake ESPN answers the
 * projection pool of every week (the recorded league's players) as the real one would.
 * Run: `npx tsx bench/data-sync.bench.ts` (apps/api; part of `npm run bench`);
 * SEASON (default 2024), NFL_DATA (default ../shared/nfl-data) and DATABASE_URL adjust it.
 */
import { benchDatabaseKinds, startBenchServer, type BenchDatabaseKind } from './bench-server.js';
import { SleeperSeasonFeed } from '../src/integrations/sleeper/season-feed.js';
import { runSleeperSync, type SyncRunSummary } from '../src/services/data-sync/run-sleeper-sync.js';
import { startFakeEspn } from '../test/fakes/espn-server.js';
import { replaySeasonData, startFakeSleeperSeason } from '../test/fakes/sleeper-season-server.js';

const SEASON = Number(process.env.SEASON ?? 2024);
/** State at week 18: weeks 1–17 are played and held, 18 is the current week. */
const CURRENT_WEEK = 18;
const NO_CHANGE_RUNS = 5;

interface Figures {
  first: SyncRunSummary;
  firstCpuSeconds: number;
  noChangeMs: number[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const totalWritten = (summary: SyncRunSummary) =>
  Object.values(summary.changed).reduce((sum, count) => sum + count.created + count.updated, 0);

async function measure(kind: BenchDatabaseKind, upstreamUrl: string, espnUrl: string): Promise<Figures> {
  const { server, dispose } = await startBenchServer(kind, {
    DATA_SYNC_MINUTES: '0',
    SLEEPER_API_URL: upstreamUrl,
    ESPN_API_URL: espnUrl,
  });
  try {
    const feed = new SleeperSeasonFeed({ baseUrl: upstreamUrl });
    const cpu = process.cpuUsage();
    const first = await runSleeperSync(server.deps, feed);
    const used = process.cpuUsage(cpu);
    if (!first.isSuccess) throw new Error(`first sync failed: ${first.error}`);
    const noChangeMs: number[] = [];
    for (let run = 0; run < NO_CHANGE_RUNS; run++) {
      const started = performance.now();
      const again = await runSleeperSync(server.deps, feed);
      noChangeMs.push(performance.now() - started);
      if (again.rowsChanged !== 0)
        throw new Error(`a sync with nothing new changed ${again.rowsChanged} rows`);
    }
    return { first, firstCpuSeconds: (used.user + used.system) / 1e6, noChangeMs };
  } finally {
    await dispose();
  }
}

const upstream = await startFakeSleeperSeason(
  replaySeasonData({ season: SEASON, week: CURRENT_WEEK, withSchedule: true }),
);
const kinds = benchDatabaseKinds();
const results = new Map<string, Figures>();
const espn = await startFakeEspn();
for (const kind of kinds) results.set(kind, await measure(kind, upstream.url, espn.url));
await Promise.all([upstream.close(), espn.close()]);

const row = (label: string, value: (figures: Figures) => string) =>
  console.log(label.padEnd(44) + kinds.map((kind) => value(results.get(kind)!).padStart(12)).join(''));
console.log(
  `Live-data sync from a local Sleeper-compatible service: ${SEASON - 1} (18 weeks) + ${SEASON} weeks 1–17 played, week ${CURRENT_WEEK} current`,
);
console.log(''.padEnd(44) + kinds.map((kind) => kind.padStart(12)).join(''));
row('first sync: wall seconds', (f) => f.first.seconds.toFixed(1));
row('first sync: CPU seconds (this process)', (f) => f.firstCpuSeconds.toFixed(1));
row('first sync: weeks fetched', (f) => String(f.first.weeksFetched));
row('rows written: players', (f) =>
  String(f.first.changed.players.created + f.first.changed.players.updated),
);
row('rows written: stat lines', (f) => String(f.first.changed.stats.created + f.first.changed.stats.updated));
row('rows written: Sleeper and ESPN projections', (f) =>
  String(f.first.changed.projections.created + f.first.changed.projections.updated),
);
row('rows written: model projections', (f) =>
  String(f.first.changed.model.created + f.first.changed.model.updated),
);
row('rows written per second (all tables)', (f) => (totalWritten(f.first) / f.first.seconds).toFixed(0));
row(`hourly sync, nothing new: median ms (${NO_CHANGE_RUNS} runs)`, (f) => median(f.noChangeMs).toFixed(0));
if (kinds.length === 2) {
  const [a, b] = kinds.map((kind) => results.get(kind)!);
  console.log(
    `ratio postgres/pglite: first sync ${(b!.first.seconds / a!.first.seconds).toFixed(2)}, ` +
      `no-change sync ${(median(b!.noChangeMs) / median(a!.noChangeMs)).toFixed(2)}`,
  );
}
