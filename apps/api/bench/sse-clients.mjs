// SSE clients for bench/live-fanout.bench.ts and bench/stack-live.bench.ts, in their own process so that reading
// thousands of streams does not share the server's event loop. argv: url count [ms between waves of 100, default 50;
// at most MAX_OPENING connections wait for their first event at a time]. Prints "ready" once every
// connection has its first data event; on a line "mark <version>" on stdin, answers with a JSON
// line {version, received, lastAt, firstAt} once every connection got that version's event
// (times are Date.now() of this process, on the same machine as the server).
import http from 'node:http';
import readline from 'node:readline';

const [url, countText, waveGapText] = process.argv.slice(2);
const count = Number(countText);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
/** version -> arrival times */
const arrivals = new Map();
let ready = 0;
let waiting = null;

function onEvent(block, state) {
  let id;
  let isData = false;
  for (const line of block.split('\n')) {
    if (line.startsWith('id:')) id = line.slice(3).trim();
    if (line.startsWith('data:')) isData = true;
  }
  if (!id || !isData) return;
  if (!state.isReady) {
    state.isReady = true;
    opening -= 1;
    onOpened?.();
    if (++ready === count) process.stdout.write('ready\n');
    return;
  }
  const times = arrivals.get(id) ?? [];
  times.push(Date.now());
  arrivals.set(id, times);
  if (waiting && waiting.version === id && times.length === count) report();
}

function report() {
  const times = arrivals.get(waiting.version) ?? [];
  process.stdout.write(
    `${JSON.stringify({ version: waiting.version, received: times.length, firstAt: Math.min(...times), lastAt: Math.max(...times) })}\n`,
  );
  waiting = null;
}

/** Pages do not all open in the same millisecond: connections open in waves of this many. */
const WAVE = 100;
/**
 * Connections asked for and not yet streaming are at most this many: past what the server accepts per
 * second, more would wait in its accept queue (511) and time out there, which measures the queue, not
 * how fast streams open.
 */
const MAX_OPENING = 300;
let opening = 0;
let onOpened = null;

function open(i) {
  const state = { isReady: false, buffer: '' };
  opening += 1;
  const request = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
    if (response.statusCode !== 200) {
      process.stderr.write(`connection ${i}: status ${response.statusCode}\n`);
      process.exit(1);
    }
    response.setEncoding('utf8');
    response.on('end', () => {
      process.stderr.write(`connection ${i} was closed by the server: ${state.buffer.slice(0, 300)}\n`);
      process.exit(1);
    });
    response.on('data', (chunk) => {
      state.buffer += chunk;
      let end;
      while ((end = state.buffer.indexOf('\n\n')) >= 0) {
        if (state.buffer.startsWith('event: serialized-error')) {
          process.stderr.write(`connection ${i}: ${state.buffer.slice(0, end)}\n`);
          process.exit(1);
        }
        onEvent(state.buffer.slice(0, end), state);
        state.buffer = state.buffer.slice(end + 2);
      }
    });
  });
  request.on('error', (error) => {
    process.stderr.write(`connection ${i}: ${error.message}\n`);
    process.exit(1);
  });
}

for (let first = 0; first < count; first += WAVE) {
  while (opening > MAX_OPENING - WAVE) await new Promise((resolve) => (onOpened = resolve));
  onOpened = null;
  for (let i = first; i < Math.min(count, first + WAVE); i++) open(i);
  await new Promise((resolve) => setTimeout(resolve, Number(waveGapText ?? 50)));
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, version] = line.split(' ');
  if (command !== 'mark') return;
  waiting = { version };
  if ((arrivals.get(version)?.length ?? 0) === count) report();
});
process.stdin.on('end', () => process.exit(0));
