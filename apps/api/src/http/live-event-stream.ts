import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dataChangesInputSchema, type DataChangeEvent } from '@fm/contract';
import type { DataChangeFeed } from '../services/live-updates/data-change-feed.js';
import { LIVE_STREAM_TIMING } from '../trpc.js';

/** The one subscription this module serves. */
export const DATA_CHANGES_PATH = 'live.dataChanges';

/**
 * `GET /trpc/live.dataChanges`, written here rather than by tRPC: tRPC runs every open stream
 * through an async generator, a ping timer and three web streams, which cost the process ~90 KiB
 * and several promises per stream and per event, so one process opened only a few hundred streams a
 * second and took seconds to push a change to 10,000. Here a stream is a response in a set: each
 * event is encoded once and written to every stream, and one timer pings them all. The events are
 * tRPC's own (httpSubscriptionLink reads them): `connected` with the client's reconnect timing, each
 * change as data with its version as the event id, `ping`, and `return` when the server closes.
 */
export interface LiveEventStreams {
  /**
   * Opens the stream when the request is one this module serves (GET, not batched, input valid),
   * and answers true; false leaves the request to tRPC (which answers a bad input as tRPC does).
   */
  serve(
    req: FastifyRequest<{ Querystring: { batch?: unknown; input?: unknown } }>,
    reply: FastifyReply,
    input: unknown,
  ): boolean;
  readonly openCount: number;
}

interface OpenStream {
  body: PassThrough;
  lastVersion: string | null;
  unsubscribe: () => void;
}

/** tRPC's SSE framing: one line per field, then a blank line (tRPC writes two). */
const frame = (fields: [name: string, value: string][]) =>
  Buffer.from(`${fields.map(([name, value]) => `${name}: ${value}\n`).join('')}\n\n`);

const CONNECTED = frame([
  ['event', 'connected'],
  ['data', JSON.stringify(LIVE_STREAM_TIMING.client)],
]);
const PING = frame([
  ['event', 'ping'],
  ['data', ''],
]);
const RETURN = frame([
  ['event', 'return'],
  ['data', ''],
]);
const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  // nginx passes each event on at once (deploy/nginx sets proxy_buffering off as well)
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

/** A reconnecting EventSource names the last event it got in a header; tRPC also reads the query. */
function lastEventIdOf(req: FastifyRequest): string | undefined {
  const header = req.headers['last-event-id'];
  const query = req.query as Record<string, unknown>;
  const value = header ?? query.lastEventId ?? query['Last-Event-Id'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Streams end with tRPC's `return` event when the feed closes (the server is stopping). */
export function createLiveEventStreams(liveUpdates: DataChangeFeed): LiveEventStreams {
  const streams = new Set<OpenStream>();
  let pingTimer: NodeJS.Timeout | undefined;
  let encoded: { event: DataChangeEvent; chunk: Buffer } | null = null;

  const encode = (event: DataChangeEvent) => {
    if (encoded?.event !== event) {
      encoded = {
        event,
        chunk: frame([
          ['data', JSON.stringify(event)],
          ['id', event.version],
        ]),
      };
    }
    return encoded.chunk;
  };

  const pingAll = () => {
    for (const stream of streams) {
      // a client that reads nothing is not sent more to hold in memory
      if (!stream.body.writableNeedDrain) stream.body.write(PING);
    }
  };

  const end = (stream: OpenStream) => {
    if (!streams.delete(stream)) return;
    stream.unsubscribe();
    if (streams.size === 0) {
      clearInterval(pingTimer);
      pingTimer = undefined;
    }
  };

  return {
    serve(req, reply, rawInput) {
      const { batch, input: inputText } = req.query;
      if (req.method !== 'GET' || batch !== undefined || !['undefined', 'string'].includes(typeof inputText))
        return false;
      const lastEventId = lastEventIdOf(req);
      let input = rawInput;
      if (lastEventId !== undefined) {
        if (typeof input === 'object' && input !== null && !Array.isArray(input))
          input = { ...input, lastEventId };
        else input ??= { lastEventId };
      }
      const parsed = dataChangesInputSchema.safeParse(input);
      if (!parsed.success) return false;

      const body = new PassThrough();
      const stream: OpenStream = {
        body,
        lastVersion: parsed.data?.lastEventId ?? null,
        unsubscribe: () => {},
      };
      let heardChange = false;
      const send = (event: DataChangeEvent | null) => {
        if (event === null) {
          // the feed closed: the server is stopping
          body.end(RETURN);
          end(stream);
          return;
        }
        if (event.version === stream.lastVersion) return;
        stream.lastVersion = event.version;
        body.write(encode(event));
      };
      body.write(CONNECTED);
      // listen before reading, so a change in between is not lost
      stream.unsubscribe = liveUpdates.subscribe((event) => {
        heardChange = true;
        send(event);
      });
      if (!body.writableEnded) {
        streams.add(stream);
        pingTimer ??= setInterval(pingAll, LIVE_STREAM_TIMING.ping.intervalMs).unref();
        liveUpdates.current().then(
          (now) => {
            // a change heard meanwhile is newer than what this read may have returned
            if (!heardChange && streams.has(stream)) send(now);
          },
          (error: unknown) => {
            // the client's EventSource reconnects and asks again
            req.log.warn({ err: error }, 'could not read the data version for a new live stream');
            body.end();
            end(stream);
          },
        );
      }
      reply.raw.once('close', () => {
        end(stream);
        body.destroy();
      });
      void reply.headers(SSE_HEADERS).send(body);
      return true;
    },
    get openCount() {
      return streams.size;
    },
  };
}
