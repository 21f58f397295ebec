// Load generator for bench/projections.bench.ts, run as its own process so that it does not
// share the server's event loop: prints {p50, p95, p99, requestsPerSecond, errors, statuses} as JSON.
// An optional fourth argument is a Cookie header sent with every request (signed-in paths), or a
// JSON list of Cookie headers taken in turn, one per request (many signed-in users).
import autocannon from 'autocannon';

const [url, connections, seconds, cookie] = process.argv.slice(2);
const cookies = cookie?.startsWith('[') ? JSON.parse(cookie) : cookie ? [cookie] : [];
let turn = 0;
const latencies = [];
const instance = autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  ...(cookies.length === 1 ? { headers: { cookie: cookies[0] } } : {}),
  ...(cookies.length > 1
    ? {
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, cookie: cookies[turn++ % cookies.length] },
            }),
          },
        ],
      }
    : {}),
});
const statuses = {};
instance.on('response', (_client, status, _bytes, responseTime) => {
  latencies.push(responseTime);
  statuses[status] = (statuses[status] ?? 0) + 1;
});
const result = await instance;
latencies.sort((a, b) => a - b);
const at = (fraction) =>
  latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))] ?? null;
process.stdout.write(
  JSON.stringify({
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    requestsPerSecond: result.requests.average,
    errors: result.errors + result.non2xx,
    statuses,
  }),
);
