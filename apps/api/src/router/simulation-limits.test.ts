import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { insertMatchupSlate, OPPONENT_STARTERS, USER_STARTERS } from '../../test/matchup-fixtures.js';
import {
  MAX_SIMULATION_COST,
  USER_SIMULATIONS_IN_FLIGHT,
  USER_SIMULATIONS_PER_MINUTE,
} from '../services/simulation/admission.js';

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
    await insertMatchupSlate(server.deps.database);
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
});
