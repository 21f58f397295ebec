/**
 * A request id a client (or the proxy in front) may choose: letters, digits and `-_.:`, at most
 * 64 characters, e.g. a UUID. Anything else is never logged: the server makes its own id.
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && WELL_FORMED_REQUEST_ID.test(header) ? header : undefined;
}
