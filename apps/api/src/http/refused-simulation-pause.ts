import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** How long a connection whose simulation request was refused is left unread, the first time. */
export const REFUSED_CONNECTION_PAUSE_MS = 250;
/** Each further refusal in a row on the connection doubles the pause, up to this. */
export const MAX_REFUSED_CONNECTION_PAUSE_MS = 2_000;

/** Refusals of a simulation request: bad or too large input, a limit (Retry-After), the queue full. */
const REFUSAL_STATUSES = new Set([400, 429, 503]);
/** A tRPC call or batch naming a simulation procedure (known from the path, before any parsing). */
const TRPC_SIMULATION_CALL = /(^|,)matchup\.(simulate|analyze|simulateLeague)(,|$)/;

/** A row ends with a simulation answered on the connection, or this long without a refusal. */
const ROW_FORGOTTEN_AFTER_MS = 10_000;

/** Refusals in a row of each connection, and when the last was. */
const refusalsInARow = new WeakMap<Socket, { count: number; at: number }>();
const pausedSockets = new WeakSet<Socket>();
/** Requests that reached a simulation procedure (whichever route carried them). */
const simulationCalls = new WeakSet<FastifyRequest>();

/** Notes that `req` asks for a simulation (the simulation procedures call it first thing). */
export function markSimulationCall(req: FastifyRequest): void {
  simulationCalls.add(req);
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
  pauseIfRefused(req, reply);
  done();
}

/**
 * The same for a route that carries other calls too (/trpc, the REST paths of procedures): only a
 * request that asked for a simulation, by its tRPC path or by reaching a simulation procedure.
 */
export function pauseAfterRefusedSimulationCall(
  req: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const path = (req.params as { path?: unknown } | undefined)?.path;
  if (simulationCalls.has(req) || (typeof path === 'string' && TRPC_SIMULATION_CALL.test(path)))
    pauseIfRefused(req, reply);
  done();
}

function pauseIfRefused(req: FastifyRequest, reply: FastifyReply): void {
  const socket = req.raw.socket;
  if (req.ip !== socket.remoteAddress) return;
  if (!REFUSAL_STATUSES.has(reply.statusCode)) {
    refusalsInARow.delete(socket);
    return;
  }
  const now = Date.now();
  const row = refusalsInARow.get(socket);
  const refusals = row && now - row.at < ROW_FORGOTTEN_AFTER_MS ? row.count + 1 : 1;
  refusalsInARow.set(socket, { count: refusals, at: now });
  if (pausedSockets.has(socket) || socket.destroyed) return;
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
