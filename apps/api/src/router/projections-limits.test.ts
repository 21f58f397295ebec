import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../test/admin-accounts.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

const LISTS_PER_MINUTE = 5;

/** The server trusts 127.0.0.1 as its proxy: X-Forwarded-For names the client. */
describe('projections lists per client (PROJECTION_LISTS_PER_MINUTE)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      TRUST_PROXY: '127.0.0.1/8',
      PROJECTION_LISTS_PER_MINUTE: String(LISTS_PER_MINUTE),
    });
  });
  afterAll(() => server?.stop());

  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

  it('answers a client its lists up to the limit, then 429 with Retry-After, by any path; another client still reads', async () => {
    const client = server.client();
    const paths = [
      '/api/projections/public/all?limit=5',
      `/trpc/projections.publicList?input=${encodeURIComponent(JSON.stringify({ scope: 'qb' }))}`,
    ];
    for (let i = 0; i < LISTS_PER_MINUTE; i += 1) {
      const answer = await client.get(paths[i % paths.length]!, from(`2001:db8:70:1::${i + 1}`));
      expect(answer.status).toBe(200);
    }
    const refused = await client.get('/api/projections/public/rb', from('2001:db8:70:1::99'));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('projections'),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.get('/api/projections/public/all', from('198.51.100.70'))).status).toBe(200);
  });

  it('counts a signed-in list against its client as well', async () => {
    const { client } = await signedInAccount(server);
    for (let i = 0; i < LISTS_PER_MINUTE; i += 1) {
      expect((await client.get('/api/projections/all', from('198.51.100.71'))).status).toBe(200);
    }
    const refused = await client.get('/api/projections/all', from('198.51.100.71'));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
  });
});
