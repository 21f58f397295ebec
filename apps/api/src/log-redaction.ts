import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are plain filters or paging and may appear in logs. Every other
 * value is redacted: tokens, codes, states, passwords and names nobody thought of yet.
 */
const LOGGABLE_PARAMETERS = new Set([
  'batch',
  'format',
  'iterations',
  'limit',
  'linked',
  'order',
  'page',
  'platform',
  'position',
  'scope',
  'season',
  'sort',
  'tab',
  'team',
  'verified',
  'week',
]);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

function redactParameter(parameter: string): string {
  const equals = parameter.indexOf('=');
  if (equals === -1) return parameter;
  const name = parameter.slice(0, equals);
  return LOGGABLE_PARAMETERS.has(decodedName(name)) ? parameter : `${name}=${REDACTED}`;
}

/**
 * A URL as it may be logged: path segments keep their names but lose `;parameters`, and query
 * values are redacted except for the filters above: `/reset-password?token=…` →
 * `/reset-password?token=[redacted]`.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const safePath = path.includes(';') ? path.replace(/;[^/]*/g, `;${REDACTED}`) : path;
  if (queryStart === -1) return safePath;
  const query = url.slice(queryStart + 1);
  return `${safePath}?${query.split(/[&;]/).map(redactParameter).join('&')}`;
}

/** Fastify's request log fields, with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
