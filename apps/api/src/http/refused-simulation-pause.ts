import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** How long a connection whose simulation request was refused is left unread, the first time. */
export const REFUSED_CONNECTION_PAUSE_MS = 250;
/** Each further refusal in a row on the connection doubles the pause, up to this. */
export const MAX_REFUSED_CONNECTION_PAUSE_MS = 2_000;

/** Refusals of a simulation request: bad or too large input, a limit (Retry-After), the queue full. */
const REFUSAL_STATUSES = new Set([400, 429, 503]);
const TRPC_SIMULATION_CALL = /(^|,)matchup\.(simulate|analyze)(,|$)/;

/** A row ends with a simulation answered on the connection, or this long without a refusal. */
const ROW_FORGOTTEN_AFTER_MS = 10_000;

/** Refusals in a row of each connection, and when the last was. */
const refusalsInARow = new WeakMap<Socket, { count: number; at: number }>();
const pausedSockets = new WeakSet<Socket>();

/** Whether this request calls a simulation: the REST routes, or a tRPC call or batch naming one. */
function isSimulationRequest(req: FastifyRequest): boolean {
  const path = (req.params as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? TRPC_SIMULATION_CALL.test(path) : true;
}

/**
 * An onResponse hook of the simulation routes: after a refusal, the server reads the connection's
 * next request only a moment later, 250 ms, doubling with each refusal in a row up to 2 s. The
 * refusal is answered at once, and a client that waits for Retry-After never notices; but a
 * script that sends again at once on a few keep-alive connections gets an answer or two a second
 * per connection, instead of the hundreds of refusals a second that would take the event loop from
 * everyone else's requests (each refusal still costs the server a whole request: headers, session,
 * security hooks, logging).
 * A proxy's connection (TRUST_PROXY: the client's address is not the connection's) carries other
 * people's requests too and is never paused; there, limiting clients is the proxy's part.
 */
export function pauseAfterRefusedSimulation(
  req: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const socket = req.raw.socket;
  if (!isSimulationRequest(req) || req.ip !== socket.remoteAddress) return done();
  if (!REFUSAL_STATUSES.has(reply.statusCode)) {
    refusalsInARow.delete(socket);
    return done();
  }
  const now = Date.now();
  const row = refusalsInARow.get(socket);
  const refusals = row && now - row.at < ROW_FORGOTTEN_AFTER_MS ? row.count + 1 : 1;
  refusalsInARow.set(socket, { count: refusals, at: now });
  if (!pausedSockets.has(socket) && !socket.destroyed) {
    pausedSockets.add(socket);
    socket.pause();
    const pauseMs = Math.min(
      MAX_REFUSED_CONNECTION_PAUSE_MS,
      REFUSED_CONNECTION_PAUSE_MS * 2 ** Math.min(refusals - 1, 16),
    );
    setTimeout(() => {
      pausedSockets.delete(socket);
      if (!socket.destroyed) socket.resume();
    }, pauseMs).unref();
  }
  done();
}
