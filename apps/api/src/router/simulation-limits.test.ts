import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { rawRequest } from '../../test/raw-http.js';
import { insertMatchupSlate, OPPONENT_STARTERS, USER_STARTERS } from '../../test/matchup-fixtures.js';
import {
  ADMIN_SIMULATIONS_IN_FLIGHT,
  MAX_SIMULATION_COST,
  USER_SIMULATIONS_IN_FLIGHT,
  USER_SIMULATIONS_PER_MINUTE,
} from '../services/simulation/admission.js';
import { MAX_ITERATIONS } from '@fm/engine';
import { REFUSED_CONNECTION_PAUSE_MS } from '../http/refused-simulation-pause.js';

const user = USER_STARTERS.map((p) => p.sleeperId);
const opponent = OPPONENT_STARTERS.map((p) => p.sleeperId);
const PLAYERS = user.length + opponent.length;
/** The largest simulation an ordinary user may run: it keeps a thread busy long enough to overlap. */
const AT_THE_CAP = Math.floor(MAX_SIMULATION_COST / PLAYERS);
const body = (iterations: number, seed = 1) => ({
  user_team: { starters: user },
  opponent_team: { starters: opponent },
  iterations,
  seed,
});

/** Resolves once `isReady` holds, checking after each turn of the event loop. */
async function until(isReady: () => boolean): Promise<void> {
  while (!isReady()) await new Promise(setImmediate);
}

/** Whether `promise` has settled by now. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  const pending = Symbol('pending');
  const first = await Promise.race([
    promise.then(
      () => null,
      () => null,
    ),
    Promise.resolve(pending),
  ]);
  return first !== pending;
}

/** Requests on one kept-alive connection, one after another, as a script's loop sends them. */
function oneConnection(baseUrl: string, account: TestAccount) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = {
    'content-type': 'application/json',
    cookie: [...account.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrf-token': account.client.csrfToken ?? '',
  };
  const send = (method: string, path: string, payload?: unknown) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(new URL(path, baseUrl), { method, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.end(payload === undefined ? undefined : JSON.stringify(payload));
    });
  return { send, close: () => agent.destroy() };
}

/** Spends `account`'s minute of simulations on requests refused for their size. */
async function spendTheMinute(account: TestAccount): Promise<void> {
  await account.client.fetchCsrfToken();
  const limit = USER_SIMULATIONS_PER_MINUTE.points;
  // each on a connection of its own: a connection that was refused is read again only after a pause
  const tooLarge = JSON.stringify(body(AT_THE_CAP + 1_000));
  const headers = {
    'content-type': 'application/json',
    cookie: [...account.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrf-token': account.client.csrfToken!,
  };
  for (let sent = 0; sent < limit; sent += 3) {
    const round = await Promise.all(
      Array.from({ length: Math.min(3, limit - sent) }, () =>
        rawRequest(account.client.baseUrl, {
          method: 'POST',
          path: '/api/matchup/simulate',
          headers,
          body: tooLarge,
        }),
      ),
    );
    for (const answer of round) expect(answer.body.code).toBe('VALIDATION_ERROR');
  }
}

/** One tRPC batch of `count` simulations: one HTTP request, members answered one by one. */
async function simulateInOneBatch(account: TestAccount, count: number, iterations: number) {
  const names = Array.from({ length: count }, () => 'matchup.simulate').join(',');
  const input = Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i), body(iterations, i)]));
  return account.client.post<any[]>(`/trpc/${names}?batch=1`, input);
}

// One simulation thread, so simulations from several requests truly queue behind each other.
describe('simulation limits per user', () => {
  let server: TestServer;
  let hog: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer('pglite', { SIMULATION_WORKERS: '1' });
    await insertMatchupSlate(server.deps);
    [hog, other, admin] = await Promise.all([
      signedInAccount(server, 'user'),
      signedInAccount(server, 'user'),
      signedInAccount(server, 'admin'),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a simulation over the cost cap (iterations × players) for a user, naming the field; an admin may run it', async () => {
    const tooMany = AT_THE_CAP + 1_000;
    const refused = await hog.client.post('/api/matchup/simulate', body(tooMany));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'iterations' });
    expect(refused.body.message).toContain(AT_THE_CAP.toLocaleString('en-US'));

    const byAdmin = await admin.client.post('/api/matchup/simulate', body(tooMany));
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.iterations).toBe(tooMany);
  });

  it('refuses the member of a tRPC batch that goes over the cost cap, naming the field, and runs the others', async () => {
    const names = 'matchup.simulate,matchup.simulate';
    const answer = await hog.client.post<any[]>(`/trpc/${names}?batch=1`, {
      0: body(AT_THE_CAP + 1_000),
      1: body(1_000),
    });
    const [tooLarge, fine] = answer.body;
    expect(tooLarge.error).toMatchObject({
      message: expect.stringContaining(AT_THE_CAP.toLocaleString('en-US')),
      data: { httpStatus: 400, appCode: 'VALIDATION_ERROR' },
    });
    expect(fine.result.data.iterations).toBe(1_000);
  });

  it(`counts each member of a tRPC batch: the ${USER_SIMULATIONS_IN_FLIGHT + 1}th in flight is refused with 429 and Retry-After, while another user's simulation runs`, async () => {
    const [batch, others] = await Promise.all([
      simulateInOneBatch(hog, USER_SIMULATIONS_IN_FLIGHT + 1, AT_THE_CAP),
      other.client.post('/api/matchup/simulate', body(10_000)),
    ]);
    const members = batch.body;
    expect(members).toHaveLength(USER_SIMULATIONS_IN_FLIGHT + 1);
    const ran = members.filter((member) => member.result?.data?.iterations === AT_THE_CAP);
    const refused = members.filter((member) => member.error);
    expect(ran).toHaveLength(USER_SIMULATIONS_IN_FLIGHT);
    expect(refused).toHaveLength(1);
    expect(refused[0].error).toMatchObject({
      message: expect.stringContaining('simulations running'),
      data: { httpStatus: 429, appCode: 'RATE_LIMITED' },
    });
    expect(Number(batch.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    expect(others.status).toBe(200);
    expect(others.body.iterations).toBe(10_000);
  });

  it('refuses parallel REST simulations over the limit with {code, message} and Retry-After, and frees the slots once they finish', async () => {
    const answers = await Promise.all(
      Array.from({ length: USER_SIMULATIONS_IN_FLIGHT + 2 }, (_, i) =>
        hog.client.post('/api/matchup/simulate', body(AT_THE_CAP, i)),
      ),
    );
    const refusals = answers.filter((answer) => answer.status === 429);
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    for (const refusal of refusals) {
      expect(refusal.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
      expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);

    const afterwards = await hog.client.post('/api/matchup/simulate', body(1_000));
    expect(afterwards.status).toBe(200);
  });

  it('limits simulations per minute per user; another user is not affected', async () => {
    const limit = USER_SIMULATIONS_PER_MINUTE.points;
    const statuses: number[] = [];
    // Small runs, a few at a time (under the in-flight limit), until the minute's budget is spent.
    while (statuses.length < limit + 2) {
      const round = await Promise.all(
        Array.from({ length: 3 }, () => other.client.post('/api/matchup/simulate', body(1_000))),
      );
      statuses.push(...round.map((answer) => answer.status));
      const refused = round.find((answer) => answer.status === 429);
      if (refused) {
        expect(refused.body.code).toBe('RATE_LIMITED');
        expect(refused.body.message).toContain('last minute');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        break;
      }
    }
    // Earlier tests of this file spent a few of this user's simulations.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(limit);
    expect(statuses).toContain(429);

    const byAdmin = await admin.client.post('/api/matchup/simulate', body(1_000));
    expect(byAdmin.status).toBe(200);
  });

  it('counts every simulation request in the minute, also one refused for its input, and past the limit refuses without reading the input', async () => {
    const prober = await signedInAccount(server, 'user');
    await spendTheMinute(prober);
    for (const input of [body(1_000), { ...body(1_000), iterations: 'many' }]) {
      const refused = await prober.client.post('/api/matchup/simulate', input);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringContaining('last minute'),
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const batch = await prober.client.post<any[]>('/trpc/matchup.simulate?batch=1', { 0: body(1_000) });
    expect(batch.body[0].error.data).toMatchObject({ httpStatus: 429, appCode: 'RATE_LIMITED' });
  });

  it('reads the next request on a connection whose simulation was refused only after a pause, longer after each refusal in a row; other connections go on', async () => {
    const script = await signedInAccount(server, 'user');
    await script.client.fetchCsrfToken();
    // when the server finished answering each refusal, and when it began reading each next request
    const refusalsSent: number[] = [];
    const nextRead: number[] = [];
    const watch = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.url === '/api/matchup/simulate') {
        nextRead.push(performance.now());
        res.once('finish', () => refusalsSent.push(performance.now()));
      }
      if (req.url === '/api/health?next') nextRead.push(performance.now());
    };
    server.app.server.prependListener('request', watch);
    const connection = oneConnection(server.url, script);
    try {
      for (let i = 0; i < 2; i++)
        expect(await connection.send('POST', '/api/matchup/simulate', body(AT_THE_CAP + 1_000))).toBe(400);
      const next = connection.send('GET', '/api/health?next');
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(await next).toBe(200);
      expect(nextRead[1]! - refusalsSent[0]!).toBeGreaterThanOrEqual(REFUSED_CONNECTION_PAUSE_MS - 1);
      expect(nextRead[2]! - refusalsSent[1]!).toBeGreaterThanOrEqual(2 * REFUSED_CONNECTION_PAUSE_MS - 1);
    } finally {
      connection.close();
      server.app.server.off('request', watch);
    }
  });

  it("pauses a connection after refusing a league's simulation on its REST path too", async () => {
    const script = await signedInAccount(server, 'user');
    await spendTheMinute(script);
    const seen: { refusalSent?: number; nextRead?: number } = {};
    const watch = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.url?.endsWith('/simulate')) res.once('finish', () => (seen.refusalSent = performance.now()));
      if (req.url === '/api/health?after-league') seen.nextRead = performance.now();
    };
    server.app.server.prependListener('request', watch);
    const connection = oneConnection(server.url, script);
    try {
      const refused = connection.send('POST', '/api/leagues/leagues/sleeper/123/simulate', {
        user: { roster_id: 1 },
        opponent: { roster_id: 2 },
      });
      expect(await refused).toBe(429);
      expect(await connection.send('GET', '/api/health?after-league')).toBe(200);
      expect(seen.nextRead! - seen.refusalSent!).toBeGreaterThanOrEqual(REFUSED_CONNECTION_PAUSE_MS - 1);
    } finally {
      connection.close();
      server.app.server.off('request', watch);
    }
  });

  it("answers another user's short simulation while one user's long runs hold the thread, before any of them", async () => {
    const queue = server.deps.simulationAdmission.queue;
    const bystander = await signedInAccount(server, 'user');
    // An admin may run the longest simulations there are; three of them keep the one thread busy.
    const longRuns = Array.from({ length: 3 }, (_, i) =>
      admin.client.post('/api/matchup/simulate', body(MAX_ITERATIONS, 100 + i)),
    );
    await until(() => queue.running + queue.waiting === 3);

    const short = await bystander.client.post('/api/matchup/simulate', body(1_000));
    expect(short.status).toBe(200);
    // none of the long runs has finished on the thread, let alone been answered
    expect(queue.running + queue.waiting).toBe(3);
    for (const run of longRuns) expect(await hasSettled(run)).toBe(false);

    for (const answer of await Promise.all(longRuns)) expect(answer.status).toBe(200);
  });

  it('refuses at once with 503 SIMULATION_BUSY and Retry-After when the queue is full, and serves again once it drains', async () => {
    const queue = server.deps.simulationAdmission.queue;
    // Admins, each within their own limit in flight, send more of the longest simulations at once
    // than the queue holds: those it cannot hold are refused while the others still run.
    const sent = queue.capacity + 8;
    const admins = await Promise.all(
      Array.from({ length: Math.ceil(sent / (ADMIN_SIMULATIONS_IN_FLIGHT / 2)) }, () =>
        signedInAccount(server, 'admin'),
      ),
    );
    const answered: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        admins[i % admins.length]!.client.post('/api/matchup/simulate', body(MAX_ITERATIONS, 200 + i)).then(
          (answer) => (answered.push(answer.status), answer),
        ),
      ),
    );

    const refusals = answers.filter((answer) => answer.status === 503);
    expect(refusals.length).toBeGreaterThanOrEqual(sent - queue.capacity);
    for (const refusal of refusals) {
      expect(refusal.body).toMatchObject({
        code: 'SIMULATION_BUSY',
        message: expect.stringContaining('busy'),
      });
      expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // at once: every refusal came back before the first simulation finished
    expect(answered.slice(0, refusals.length).every((status) => status === 503)).toBe(true);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(sent - refusals.length);

    const latecomer = await signedInAccount(server, 'user');
    expect((await latecomer.client.post('/api/matchup/simulate', body(1_000))).status).toBe(200);
  });
});
