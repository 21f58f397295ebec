import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** How long a connection whose simulation request was refused is left unread. */
export const REFUSED_CONNECTION_PAUSE_MS = 250;

/** Refusals of a simulation request: bad or too large input, a limit (Retry-After), the queue full. */
const REFUSAL_STATUSES = new Set([400, 429, 503]);
const TRPC_SIMULATION_CALL = /(^|,)matchup\.(simulate|analyze)(,|$)/;

const pausedSockets = new WeakSet<Socket>();

/** Whether this request calls a simulation: the REST routes, or a tRPC call or batch naming one. */
function isSimulationRequest(req: FastifyRequest): boolean {
  const path = (req.params as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? TRPC_SIMULATION_CALL.test(path) : true;
}

/**
 * An onResponse hook of the simulation routes: after a refusal, the server reads the connection's
 * next request only REFUSED_CONNECTION_PAUSE_MS later. The refusal is answered at once, and a
 * client that waits for Retry-After never notices; but a script that sends again at once on a few
 * keep-alive connections gets a few answers a second per connection, instead of the hundreds of
 * refusals a second that would take the event loop from everyone else's requests (each refusal
 * still costs the server a full request: headers, session, security hooks, logging).
 * A proxy's connection (TRUST_PROXY: the client's address is not the connection's) carries other
 * people's requests too and is never paused; there, limiting clients is the proxy's part.
 */
export function pauseAfterRefusedSimulation(
  req: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const socket = req.raw.socket;
  if (
    REFUSAL_STATUSES.has(reply.statusCode) &&
    req.ip === socket.remoteAddress &&
    !pausedSockets.has(socket) &&
    !socket.destroyed &&
    isSimulationRequest(req)
  ) {
    pausedSockets.add(socket);
    socket.pause();
    setTimeout(() => {
      pausedSockets.delete(socket);
      if (!socket.destroyed) socket.resume();
    }, REFUSED_CONNECTION_PAUSE_MS).unref();
  }
  done();
}
