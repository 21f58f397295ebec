import { tracked } from '@trpc/server';
import { z } from 'zod';
import { dataChangeEventSchema, dataChangesInputSchema, type DataChangeEvent } from '@fm/contract';
import { publicProcedure, router } from '../trpc.js';

/**
 * Live updates for open pages. Public: the event says only that the NFL data changed and when
 * (no league or user data), and the projections page is public too; a page that receives one
 * refetches what it shows through the usual (signed-in where needed) procedures.
 */
export const liveRouter = router({
  dataVersion: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/live/data-version',
        tags: ['live'],
        summary: 'The NFL data version now served (what a client that cannot hold a live connection polls)',
      },
    })
    .input(z.void())
    .output(dataChangeEventSchema)
    .query(({ ctx }) => ctx.deps.liveUpdates.current()),

  /**
   * `GET /trpc/live.dataChanges` as server-sent events (tRPC's httpSubscriptionLink or a plain
   * EventSource): one event now when the client's `lastEventId` (the version it last saw) is not
   * the current one, then one per data change, each with the version as its event id, so a
   * reconnecting client resumes without missing a change; a ping comment keeps idle connections
   * open. Not in the OpenAPI document: trpc-to-openapi describes queries and mutations only.
   * Over HTTP, http/live-event-stream.ts writes this stream itself (same events, far less work per
   * connection); tRPC answers what it does not take (input that fails dataChangesInputSchema).
   */
  dataChanges: publicProcedure.input(dataChangesInputSchema).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    const feed = ctx.deps.liveUpdates;
    // listen before reading, so a change in between is not lost
    const changes = feed.changes(signal);
    let lastVersion = input?.lastEventId ?? null;
    const send = (event: DataChangeEvent) => {
      lastVersion = event.version;
      return tracked(event.version, event);
    };
    try {
      const now = await feed.current();
      if (now.version !== lastVersion) yield send(now);
      for await (const event of changes) {
        if (event.version !== lastVersion) yield send(event);
      }
    } finally {
      await changes.return();
    }
  }),
});
