import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_YAHOO_LEAGUE_KEY } from '../../test/fakes/yahoo-server.js';
import { linkYahoo, startLeagueTestEnv, type LeagueTestEnv } from '../../test/leagues.js';
import { CALLER_SHARE_OF_BUDGET } from '../integrations/upstream-budget.js';

const YAHOO_CALLS_PER_MINUTE = 20;

describe('the product’s Yahoo call budget (YAHOO_CALLS_PER_MINUTE)', () => {
  let env: LeagueTestEnv;
  beforeAll(async () => {
    env = await startLeagueTestEnv('pglite', {
      env: { YAHOO_CALLS_PER_MINUTE: String(YAHOO_CALLS_PER_MINUTE) },
    });
  });
  afterAll(() => env?.stop());

  it('refuses a linked user past their share of Yahoo calls with 429, having asked Yahoo no more than that share', async () => {
    const client = await env.newUser();
    await linkYahoo(client);
    const apiCalls = () => env.yahoo.requests.filter((request) => request.url.startsWith('/fantasy/')).length;
    const before = apiCalls();
    let refused: { status: number; body: any; headers: Headers } | undefined;
    for (let week = 1; week <= YAHOO_CALLS_PER_MINUTE && !refused; week += 1) {
      const answer = await client.get(
        `/api/leagues/leagues/yahoo/${FAKE_YAHOO_LEAGUE_KEY}/details?week=${week}`,
      );
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(200);
    }
    expect(refused?.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Yahoo') });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiCalls() - before).toBeLessThanOrEqual(YAHOO_CALLS_PER_MINUTE * CALLER_SHARE_OF_BUDGET);
  });
});
