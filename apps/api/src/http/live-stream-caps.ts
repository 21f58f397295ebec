import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { appRouter } from '../router/root.js';

/** A refused stream may try again soon: streams end whenever a page closes. */
const STREAM_RETRY_AFTER_SECONDS = 30;

type ProcedureTable = Record<string, { _def: { type: string } } | undefined>;

export interface LiveStreamCaps {
  /**
   * Counts a `/trpc/<path>` request that opens a subscription (a server-sent-event stream) until its
   * connection closes: 429 RATE_LIMITED with Retry-After when its address (LIVE_STREAMS_PER_ADDRESS)
   * or the process (LIVE_STREAMS_PER_PROCESS) already holds as many as allowed. Other calls pass.
   */
  admit(path: string, req: FastifyRequest, reply: FastifyReply): void;
  readonly openCount: number;
}

export function createLiveStreamCaps(
  config: Pick<Config, 'liveStreamsPerAddress' | 'liveStreamsPerProcess'>,
) {
  const procedures = appRouter._def.procedures as unknown as ProcedureTable;
  const byAddress = new Map<string, number>();
  let open = 0;

  const refuse = (message: string) =>
    new AppError('RATE_LIMITED', message, 429, { retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS });

  const caps: LiveStreamCaps = {
    admit(path, req, reply) {
      if (procedures[path]?._def.type !== 'subscription') return;
      const address = req.client;
      const held = byAddress.get(address) ?? 0;
      if (held >= config.liveStreamsPerAddress) {
        throw refuse(
          'Too many live-update connections are open from your address. Close a tab and try again.',
        );
      }
      if (open >= config.liveStreamsPerProcess) {
        throw refuse(
          'This server holds as many live-update connections as it can. Please try again shortly.',
        );
      }
      byAddress.set(address, held + 1);
      open += 1;
      // a stream is quiet between events and pings: the idle-connection timeout is not for it
      req.raw.socket.setTimeout(0);
      reply.raw.once('close', () => {
        open -= 1;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      });
    },
    get openCount() {
      return open;
    },
  };
  return caps;
}
