// Run as a child process by postgres-write-race.test.ts: a crash here must not take the test runner down.
// `reset` / `end`: closes a reserved connection's socket (a relay that resets or ends it), then sends a small
// query on that connection, as the advisory-lock holder does after the database went away.
// `transaction`: drops the connection under a transaction's query, after which the driver writes its own ROLLBACK.
// Prints one JSON line with how the query settled; an unpatched driver instead throws from a timer callback and
// the process dies.
import postgres from 'postgres';
import { startTcpProxy } from '../src/tcp-proxy.js';

const [url, closeKind] = [process.argv[2]!, process.argv[3] ?? 'reset'];
const target = new URL(url);
const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
const sql = postgres(proxy.urlFor(url), {
  max: 2,
  onnotice: () => {},
  backoff: () => 0.05,
  fetch_types: false,
});
const report = (outcome: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(outcome)}\n`);

process.on('uncaughtException', (error) => {
  report({ outcome: 'uncaught', message: error.message });
  process.exit(3);
});

async function transactionCut(): Promise<Record<string, unknown>> {
  const transaction = sql.begin(async (t) => {
    await t`select 1`;
    const running = t`select pg_sleep(2)`;
    await new Promise((resolve) => setTimeout(resolve, 100));
    await proxy.cut();
    await running;
  });
  return transaction.then(
    () => ({ outcome: 'answered' }),
    (error: { code?: string }) => ({ outcome: 'rejected', code: error.code }),
  );
}

try {
  if (closeKind === 'transaction') {
    const settled = await transactionCut();
    await new Promise((resolve) => setTimeout(resolve, 100)); // the driver's ROLLBACK write fires meanwhile
    report(settled);
    process.exit(0);
  }
  await sql`select 0`; // reserve() waits for an open connection; a pool that has none yet never opens one
  const reserved = await sql.reserve();
  await reserved`select 1`;
  if (closeKind === 'reset') await proxy.cut();
  else await proxy.close();
  // let the driver see the close (its 'close' handler sets the socket to null)
  await new Promise((resolve) => setTimeout(resolve, 100));
  const settled = await Promise.race([
    reserved`select 2`.then(
      () => ({ outcome: 'answered' }),
      (error: { code?: string }) => ({ outcome: 'rejected', code: error.code }),
    ),
    new Promise((resolve) => setTimeout(() => resolve({ outcome: 'hung' }), 3_000)),
  ]);
  // after the wait for the timer callback: an uncaught throw would have happened by now
  await new Promise((resolve) => setImmediate(resolve));
  report(settled as Record<string, unknown>);
  reserved.release();
} finally {
  await sql.end({ timeout: 1 });
  await proxy.close();
}
