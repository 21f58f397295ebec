/** Characters RFC 3986 calls unreserved: decoding their %-escapes never changes a URL's meaning. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const PERCENT_ESCAPE = /%([0-9A-Fa-f]{2})/g;

function normalizeEscape(escape: string, hex: string): string {
  const character = String.fromCharCode(Number.parseInt(hex, 16));
  return UNRESERVED.test(character) ? character : escape.toUpperCase();
}

/**
 * One spelling for every path, applied before routing so that the router, the CSRF check, the
 * monitoring and the logs all see the same URL: `/%74rpc//auth.logout/` becomes
 * `/trpc/auth.logout`. Escapes of unreserved characters are decoded, other escapes keep their
 * encoding (so `%2F` and `%25` are never decoded twice), runs of slashes collapse to one and a
 * trailing slash goes. The query string is kept as sent.
 */
export function canonicalUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!path.startsWith('/')) return url;
  let canonical = path.includes('%') ? path.replace(PERCENT_ESCAPE, normalizeEscape) : path;
  if (canonical.includes('//')) canonical = canonical.replace(/\/{2,}/g, '/');
  if (canonical.length > 1 && canonical.endsWith('/')) canonical = canonical.slice(0, -1);
  return queryStart === -1 ? canonical : canonical + url.slice(queryStart);
}
