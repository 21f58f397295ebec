import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedUser, signedInClient } from '../../test/accounts.js';
import { type FakeSleeper, IN_SEASON_LEAGUE_ID, startFakeSleeper } from '../../test/fakes/sleeper-server.js';
import { type MailingTestServer, startMailingTestServer, type TestClient } from '../../test/harness.js';
import { OPPONENT_STARTERS, USER_STARTERS, insertMatchupSlate } from '../../test/matchup-fixtures.js';
import { LEAGUE_READS_PER_USER } from '../services/leagues/league-read-limit.js';

/**
 * Sleeper as seen through a local proxy that can corrupt one thing: the scoring of every league in
 * a user's league lists (`rec: 1e308`), as a hostile or broken service might.
 */
async function startCorruptingProxy(target: string) {
  let isCorrupting = false;
  const server = http.createServer(async (req, res) => {
    const answer = await fetch(`${target}${req.url}`);
    let body = await answer.text();
    if (isCorrupting && /^\/v1\/user\/[^/]+\/leagues\//.test(req.url ?? '')) {
      const leagues = JSON.parse(body) as { scoring_settings?: Record<string, number> }[] | null;
      body = JSON.stringify(
        (leagues ?? []).map((league) => ({
          ...league,
          scoring_settings: { ...league.scoring_settings, rec: 1e308 },
        })),
      );
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    corrupt: (value: boolean) => (isCorrupting = value),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('league reads cannot be turned against Sleeper', () => {
  let sleeper: FakeSleeper;
  let proxy: Awaited<ReturnType<typeof startCorruptingProxy>>;
  let server: MailingTestServer;
  const linkedUser = async (): Promise<TestClient> => {
    const client = await signedInClient(server, await registerVerifiedUser(server));
    const linked = await client.post('/api/leagues/sleeper/connect', { username: 'dakeif' });
    expect(linked.status).toBe(200);
    return client;
  };
  const callsNaming = (ids: string[]) =>
    sleeper.requests.filter((request) => ids.some((id) => request.url.includes(`/${id}`))).length;
  const directoryCalls = () => sleeper.requests.filter((request) => request.url === '/v1/players/nfl').length;
  const details = (client: TestClient, leagueId: string) =>
    client.get(`/api/leagues/leagues/sleeper/${leagueId}/details`);

  beforeAll(async () => {
    sleeper = await startFakeSleeper({ scenario: 'in-season' });
    proxy = await startCorruptingProxy(sleeper.url);
    server = await startMailingTestServer('pglite', { SLEEPER_API_URL: proxy.url });
    await insertMatchupSlate(server.deps);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await Promise.all([sleeper?.close(), proxy?.close()]);
  });

  it('answers 404 for a league the account is not in, and a simulation naming it runs in PPR, without one call about that league', async () => {
    const client = await linkedUser();
    expect((await details(client, IN_SEASON_LEAGUE_ID)).status).toBe(200);
    const foreign = '918273645546372819';
    sleeper.reset();
    const refused = await details(client, foreign);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'LEAGUE_NOT_FOUND', message: expect.any(String) });
    const simulated = await client.post('/api/matchup/simulate', {
      user_team: USER_STARTERS.map((p) => p.sleeperId),
      opponent_team: OPPONENT_STARTERS.map((p) => p.sleeperId),
      league_id: foreign,
      platform: 'sleeper',
      iterations: 1_000,
    });
    expect(simulated.status).toBe(200);
    expect(simulated.body.scoring).toBe('ppr');
    expect(callsNaming([foreign])).toBe(0);
  });

  it('limits a flood of distinct league ids per user, calls Sleeper about none of them, and keeps the player directory', async () => {
    const flooder = await linkedUser();
    expect((await details(flooder, IN_SEASON_LEAGUE_ID)).status).toBe(200);
    sleeper.reset();
    const ids = Array.from({ length: LEAGUE_READS_PER_USER.points + 10 }, (_, i) =>
      String(7_000_000_000 + i),
    );
    const answers: { status: number; headers: Headers; body: any }[] = [];
    for (let start = 0; start < ids.length; start += 10) {
      answers.push(...(await Promise.all(ids.slice(start, start + 10).map((id) => details(flooder, id)))));
    }
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(answers.filter((answer) => answer.status !== 429).every((answer) => answer.status === 404)).toBe(
      true,
    );
    expect(callsNaming(ids)).toBe(0);

    // someone else's league page afterwards: the directory is still held, not fetched again
    const other = await linkedUser();
    expect((await details(other, IN_SEASON_LEAGUE_ID)).status).toBe(200);
    expect(directoryCalls()).toBe(0);
  });

  it('refuses a league whose scoring is out of range (rec: 1e308) as an upstream error, 502 UPSTREAM_INVALID, not the caller’s', async () => {
    const client = await linkedUser();
    server.deps.leagues.sleeperCache.clear();
    proxy.corrupt(true);
    try {
      const answer = await details(client, IN_SEASON_LEAGUE_ID);
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({ code: 'UPSTREAM_INVALID', message: expect.any(String) });
      const viaTrpc = await client.get(
        `/trpc/leagues.details?input=${encodeURIComponent(JSON.stringify({ platform: 'sleeper', leagueId: IN_SEASON_LEAGUE_ID }))}`,
      );
      expect(viaTrpc.body.error.data).toMatchObject({ httpStatus: 502, appCode: 'UPSTREAM_INVALID' });
    } finally {
      proxy.corrupt(false);
      server.deps.leagues.sleeperCache.clear();
    }
  });
});
