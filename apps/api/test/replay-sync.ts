import { SleeperSeasonFeed } from '../src/integrations/sleeper/season-feed.js';
import type { RunningServer } from '../src/server.js';
import { runSleeperSync, type SyncRunSummary } from '../src/services/data-sync/run-sleeper-sync.js';
import {
  replaySeasonData,
  startFakeSleeperSeason,
  type ReplayOptions,
} from './fakes/sleeper-season-server.js';

/**
 * Fills a server's database the way production does: one run of the live-data sync against a
 * local service replaying a season from the NFL.com files (players, stats, Sleeper's projections,
 * then our model's).
 */
export async function syncReplayedSeason(
  server: RunningServer,
  options: ReplayOptions,
): Promise<SyncRunSummary> {
  const upstream = await startFakeSleeperSeason(replaySeasonData(options));
  try {
    const summary = await runSleeperSync(server.deps, new SleeperSeasonFeed({ baseUrl: upstream.url }));
    if (!summary.isSuccess) throw new Error(`the replayed season did not sync: ${summary.error}`);
    return summary;
  } finally {
    await upstream.close();
  }
}
