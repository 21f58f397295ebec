import { sessions } from '@fm/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../test/admin-accounts.js';
import { STRONG_PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { EMBEDDED_DATABASE, startTestServer, type TestServer } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import { LOGIN_FAILURES_PER_ADDRESS } from '../services/auth/login-throttle.js';

/** The test client reaches the server from 127.0.0.1, which plays the load balancer here. */
describe.each(EMBEDDED_DATABASE)('behind a reverse proxy (TRUST_PROXY) on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: '127.0.0.1/8' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const loginVia = (forwardedFor: string, email: string, password: string) =>
    server
      .client()
      .post('/api/auth/login', { email, password }, { headers: { 'x-forwarded-for': forwardedFor } });

  it("counts guesses against the client's address, so the others behind the proxy are not slowed", async () => {
    const { email } = await insertAccount(server);
    for (let i = 0; i < 5; i += 1)
      expect((await loginVia('203.0.113.7', email, `Wrong$Guess${i}xx`)).status).toBe(401);
    expect((await loginVia('203.0.113.7', email, STRONG_PASSWORD)).status).toBe(429);

    const owner = await loginVia('198.51.100.9', email, STRONG_PASSWORD);
    expect(owner.status).toBe(200);
    const rows = await server.deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, owner.body.user.id));
    expect(rows.map((row) => row.ip)).toEqual(['198.51.100.9']);
  });

  it('lets one client spray guesses without making a correct login from another client wait', async () => {
    const { email } = await insertAccount(server);
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS.points; i += 1) {
      await loginVia('203.0.113.50', uniqueEmail('spray'), `Wrong$Guess${i}xx`);
    }
    expect((await loginVia('203.0.113.50', uniqueEmail('spray'), 'Wrong$Guess0xx')).status).toBe(429);
    expect((await loginVia('198.51.100.50', email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('believes only the nearest hop: an address the client wrote itself further left is ignored', async () => {
    const { email } = await insertAccount(server);
    for (let i = 0; i < 5; i += 1) {
      await loginVia(`10.9.9.${i + 1}, 203.0.113.80`, email, `Wrong$Guess${i}xx`);
    }
    expect((await loginVia('10.9.9.99, 203.0.113.80', email, STRONG_PASSWORD)).status).toBe(429);
  });
});

describe('TRUST_PROXY settings', () => {
  const parse = (value: string) =>
    loadConfig({ DATA_DIR: '/tmp/fm-trust-proxy', SESSION_SECRET: 'x'.repeat(32), TRUST_PROXY: value })
      .trustProxy;

  it('is off by default, and takes a hop count or addresses and CIDRs', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/fm-trust-proxy', SESSION_SECRET: 'x'.repeat(32) }).trustProxy).toBe(
      false,
    );
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.0/8, 192.168.1.10 ,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.10', 'fd00::/8']);
  });

  it('refuses anything else with one line naming the variable', () => {
    for (const bad of ['yes', '0', '11', '10.0.0.0/33', '10.0.0.1/8/1', 'example.com', '1.2.3']) {
      expect(() => parse(bad)).toThrow(/^Invalid configuration: TRUST_PROXY must be a number of proxy hops/);
    }
  });
});
