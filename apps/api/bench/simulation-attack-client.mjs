// The attacker of bench/simulation-fairness.bench.ts, run as its own process so that its requests
// do not share the server's event loop. Keeps `parallel` simulations and one tRPC batch of
// `batchSize` in flight (each connection sends again as soon as it is answered) until SIGTERM,
// then prints {statuses: {status: count}, seconds, cpuSeconds} as JSON.
// With `bodyJson` = "me", every connection GETs /api/auth/me instead: the same flood of requests
// with no simulation at all, to tell the cost of answering requests from that of simulating.
const [url, cookie, csrfToken, parallel, batchSize, bodyJson] = process.argv.slice(2);
const isControl = bodyJson === 'me';
const headers = { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken };
const statuses = {};
const count = (status) => (statuses[status] = (statuses[status] ?? 0) + 1);
let isStopped = false;

async function single() {
  while (!isStopped) {
    const answer = isControl
      ? await fetch(`${url}/api/auth/me`, { headers })
      : await fetch(`${url}/api/matchup/simulate`, { method: 'POST', headers, body: bodyJson });
    await answer.arrayBuffer();
    count(String(answer.status));
  }
}

async function batch() {
  const size = Number(batchSize);
  const names = Array.from({ length: size }, () => 'matchup.simulate').join(',');
  const input = `{${Array.from({ length: size }, (_, i) => `"${i}":${bodyJson}`).join(',')}}`;
  while (!isStopped) {
    const answer = await fetch(`${url}/trpc/${names}?batch=1`, { method: 'POST', headers, body: input });
    const members = await answer.json().catch(() => []);
    for (const member of Array.isArray(members) ? members : [])
      count(`batch ${member.error ? member.error.data.httpStatus : 200}`);
  }
}

const startedAt = performance.now();
const connections = Array.from({ length: Number(parallel) + (isControl ? 1 : 0) }, single);
const running = Promise.all([...connections, ...(isControl ? [] : [batch()])]);
process.on('SIGTERM', async () => {
  isStopped = true;
  await running;
  const cpu = process.cpuUsage();
  const seconds = (performance.now() - startedAt) / 1000;
  process.stdout.write(JSON.stringify({ statuses, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
  process.exit(0);
});
process.send?.('started');
