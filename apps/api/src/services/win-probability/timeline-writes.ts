import { TtlCache } from '../../integrations/cache.js';

/**
 * What this process need not write again (a viewer's view written lately, a version's points all recorded) and
 * the recordings under way that later loads wait for. Lives for the process: created in `server.ts`.
 */
export interface TimelineWrites {
  views: TtlCache<true>;
  recorded: TtlCache<true>;
  recording: Map<string, Promise<number>>;
}

export function createTimelineWrites(): TimelineWrites {
  return {
    views: new TtlCache({ maxEntries: 20_000 }),
    recorded: new TtlCache({ maxEntries: 2_000 }),
    recording: new Map(),
  };
}
