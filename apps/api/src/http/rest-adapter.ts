import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  coerceSchema,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
  zodSupportsCoerce,
} from 'trpc-to-openapi';
import { createContextFactory } from '../context.js';
import type { AppDeps } from '../deps.js';
import { appRouter } from '../router/root.js';
import { createCallerFactory } from '../trpc.js';
import { formatError, isLoggedPerRequest, setRetryAfter } from './error-format.js';
import { pauseAfterRefusedSimulationCall } from './refused-simulation-pause.js';

const API_PREFIX = '/api';
/** Methods whose input is the query string (a DELETE's JSON body joins it: request-bodies.ts). */
const QUERY_METHODS = new Set(['GET', 'DELETE']);

interface RestProcedure {
  pattern: RegExp;
  /** `auth.me` → ['auth', 'me'], the way to it on a caller. */
  segments: string[];
  hasInput: boolean;
  /** Query keys the input takes as arrays: one value given becomes a list of one. */
  arrayKeys: string[];
}

type Caller = Record<string, unknown>;
type ProcedureCall = (input: unknown) => Promise<unknown>;

function isArraySchema(schema: unknown): boolean {
  const kind = (value: unknown) => (value as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
  if (kind(schema) === 'array') return true;
  return (
    instanceofZodTypeOptional(schema as never) && kind((schema as { unwrap(): unknown }).unwrap()) === 'array'
  );
}

/** The documented procedures by method, with the same matching, input and coercion rules as trpc-to-openapi. */
function restProcedures(): Map<string, RestProcedure[]> {
  const byMethod = new Map<string, RestProcedure[]>();
  forEachOpenApiProcedure(appRouter._def.procedures, ({ path, type, procedure, meta: { openapi } }) => {
    if (type === 'subscription') return;
    const { inputParser } = getInputOutputParsers(procedure);
    const schema = unwrapZodType(inputParser, true);
    const isObject = zodSupportsCoerce && instanceofZodTypeObject(schema);
    // string query values become the numbers and booleans the schema asks for
    if (isObject) coerceSchema(schema);
    const shape = isObject ? (schema as unknown as { shape: Record<string, unknown> }).shape : {};
    const entry: RestProcedure = {
      pattern: getPathRegExp(normalizePath(openapi.path)),
      segments: path.split('.'),
      hasInput: !instanceofZodTypeLikeVoid(schema),
      arrayKeys: Object.keys(shape).filter((key) => isArraySchema(shape[key])),
    };
    const list = byMethod.get(openapi.method) ?? [];
    list.push(entry);
    byMethod.set(openapi.method, list);
  });
  return byMethod;
}

/** The query string as trpc-to-openapi reads it: empty values dropped, a key given once a plain value. */
function queryInput(query: Record<string, unknown>, arrayKeys: string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value) input[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  for (const key of arrayKeys) {
    if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
  }
  return input;
}

/**
 * The documented /api paths: each tRPC procedure with `meta.openapi` answers at its path (its
 * OpenAPI document is still trpc-to-openapi's). Served here rather than by that package's Fastify
 * plugin, which builds a fetch Request (with an abort signal nothing reads) and re-decorates the
 * reply on every call: over a third of the server's CPU on a signed-in `GET /api/auth/me`
 * (bench/live-fanout.bench.ts). Input, coercion and path matching follow the plugin's rules, so
 * the answers are the same; a failure answers the one formatter's `{code, message}` body.
 */
export function registerRestAdapter(app: FastifyInstance, deps: AppDeps): void {
  const procedures = restProcedures();
  const createContext = createContextFactory(deps);
  const createCaller = createCallerFactory(appRouter);

  const answerError = (reply: FastifyReply, thrown: unknown) => {
    const error =
      thrown instanceof TRPCError
        ? thrown
        : new TRPCError({
            code: 'INTERNAL_SERVER_ERROR',
            message: 'Internal server error',
            cause: thrown instanceof Error ? thrown : undefined,
          });
    const formatted = formatError(error);
    if (isLoggedPerRequest(formatted)) deps.log.error({ err: error.cause ?? error }, 'request failed');
    setRetryAfter(reply, formatted);
    return reply
      .code(formatted.status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify(formatted.body));
  };

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const method = req.method;
    // the URL's own parsing settles `.`/`..` segments, as the plugin's did
    const path = normalizePath(new URL(`http://127.0.0.1${req.url.replace(API_PREFIX, '')}`).pathname);
    let found: RestProcedure | undefined;
    let pathInput: Record<string, string> = {};
    for (const candidate of procedures.get(method) ?? []) {
      const match = candidate.pattern.exec(path);
      if (match) {
        found = candidate;
        pathInput = match.groups ?? {};
        break;
      }
    }
    try {
      if (!found) {
        if (method === 'HEAD') return reply.code(204).header('content-type', 'application/json').send();
        throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
      }
      const isQuery = QUERY_METHODS.has(method);
      const contentType = req.headers['content-type'];
      if (!isQuery && !contentType?.startsWith('application/json')) {
        throw new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: contentType ? `Unsupported content-type "${contentType}` : 'Missing content-type header',
        });
      }
      const input = found.hasInput
        ? {
            ...(isQuery
              ? queryInput(req.query as Record<string, unknown>, found.arrayKeys)
              : (req.body as object | undefined)),
            ...pathInput,
          }
        : undefined;
      let target: unknown = createCaller(createContext({ req, res: reply }));
      for (const segment of found.segments) target = (target as Caller)[segment];
      const data = await (target as ProcedureCall)(input);
      // a procedure may answer 201 (created) or 204 (no content) by setting the reply's status
      if (reply.statusCode === 204) return reply.send();
      const status = reply.statusCode === 201 ? 201 : 200;
      return reply.code(status).header('content-type', 'application/json').send(JSON.stringify(data));
    } catch (error) {
      return answerError(reply, error);
    }
  };

  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${API_PREFIX}/*`,
    // a refused simulation call leaves its connection unread a moment (refused-simulation-pause.ts)
    onResponse: pauseAfterRefusedSimulationCall,
    handler: handle,
  });
}
