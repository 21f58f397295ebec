import { leagueConnections } from '@fm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, type TestAccount } from '../../test/admin-accounts.js';
import {
  FAKE_SLEEPER_USER,
  IN_SEASON_LEAGUE_ID,
  startFakeSleeper,
  type FakeSleeper,
} from '../../test/fakes/sleeper-server.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { CALLER_SHARE_OF_BUDGET, PRODUCT_RESERVE_OF_BUDGET } from './upstream-budget.js';

/** The product's Sleeper budget in these tests: small enough for a few accounts to reach every limit. */
const CALLS_PER_MINUTE = 40;

/**
 * Verified accounts with a Sleeper account linked, reading their league again and again (the server's
 * Sleeper cache emptied before each, so each read asks Sleeper) from the addresses given, until
 * Sleeper's budget refuses every one of them.
 * The server trusts 127.0.0.1 as its proxy: X-Forwarded-For names the client.
 */
describe.each([
  { shape: 'four accounts from one address', addresses: ['203.0.113.70'] },
  {
    shape: 'four accounts from four addresses',
    addresses: ['203.0.113.71', '203.0.113.72', '203.0.113.73', '203.0.113.74'],
  },
])('the shared Sleeper budget: $shape', ({ addresses }) => {
  let sleeper: FakeSleeper;
  let server: TestServer;
  let accounts: TestAccount[];
  beforeAll(async () => {
    sleeper = await startFakeSleeper({ scenario: 'in-season' });
    server = await startTestServer('pglite', {
      SLEEPER_API_URL: sleeper.url,
      SLEEPER_CALLS_PER_MINUTE: String(CALLS_PER_MINUTE),
      TRUST_PROXY: '127.0.0.1/8',
    });
    accounts = await Promise.all(Array.from({ length: 4 }, () => signedInAccount(server)));
    await server.deps.database.db.insert(leagueConnections).values(
      accounts.map((account) => ({
        userId: account.id,
        platform: 'sleeper' as const,
        externalUserId: FAKE_SLEEPER_USER.userId,
        username: FAKE_SLEEPER_USER.username,
      })),
    );
  });
  afterAll(async () => {
    await server?.stop();
    await sleeper?.close();
  });

  /** Reads round the accounts until each is refused; answers the refusals' messages. */
  async function readUntilRefused(): Promise<string[]> {
    const refusals = new Map<number, string>();
    sleeper.reset();
    for (let reads = 0; refusals.size < accounts.length && reads < CALLS_PER_MINUTE; reads += 1) {
      for (const [i, account] of accounts.entries()) {
        if (refusals.has(i)) continue;
        server.deps.leagues.sleeperCache.clear();
        const answer = await account.client.get(
          `/api/leagues/leagues/sleeper/${IN_SEASON_LEAGUE_ID}/details`,
          {
            headers: { 'x-forwarded-for': addresses[i % addresses.length]! },
          },
        );
        if (answer.status === 429) {
          expect(answer.body).toMatchObject({
            code: 'RATE_LIMITED',
            message: expect.stringContaining('Sleeper'),
          });
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
          refusals.set(i, answer.body.message);
        } else expect(answer.status).toBe(200);
      }
    }
    return [...refusals.values()];
  }

  it('refuses people past their part, and keeps the reserve for the server’s own sync', async () => {
    const refusals = await readUntilRefused();
    expect(refusals).toHaveLength(accounts.length);
    const peopleCalls = sleeper.requests.length;
    const onePart = CALLS_PER_MINUTE * CALLER_SHARE_OF_BUDGET;
    const allPeople = CALLS_PER_MINUTE * (1 - PRODUCT_RESERVE_OF_BUDGET);
    // one address holds one part however many accounts it signs in; all people together never the reserve
    expect(peopleCalls).toBeLessThanOrEqual(addresses.length === 1 ? onePart : allPeople);

    // the server's own work (no person's share) still gets Sleeper at once
    const started = performance.now();
    const turns = [];
    for (let i = 0; i < CALLS_PER_MINUTE * PRODUCT_RESERVE_OF_BUDGET; i++) {
      turns.push(await server.deps.leagues.sleeperBudget.take());
    }
    expect(turns.every((turn) => turn === null)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  }, 120_000);
});
