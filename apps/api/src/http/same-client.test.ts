import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/accounts.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { openTrpcSubscription, type SseConnection } from '../../test/sse-client.js';
import { DEFAULT_LIVE_STREAMS_PER_ADDRESS, loadConfig } from '../config.js';
import { LOGIN_FAILURES_PER_ADDRESS } from '../services/auth/login-throttle.js';
import { sameClientOf } from './client-address.js';

/** The test client reaches the server from 127.0.0.1, the trusted proxy: X-Forwarded-For names the client. */
describe('one client per IPv4 address or IPv6 /64, for every per-address limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { TRUST_PROXY: '127.0.0.1/8' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const failLoginFrom = (address: string) =>
    server
      .client()
      .post(
        '/api/auth/login',
        { email: uniqueEmail('spray'), password: 'Wrong$Guess1xx' },
        { headers: { 'x-forwarded-for': address } },
      );

  /** The 1-based attempt at which `addressOf(i)` is first refused with 429, out of 30 failed logins. */
  async function firstRefusal(addressOf: (i: number) => string): Promise<number | undefined> {
    for (let i = 1; i <= 30; i += 1) {
      const answer = await failLoginFrom(addressOf(i));
      if (answer.status === 429) {
        expect(answer.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
        return i;
      }
      expect(answer.status).toBe(401);
    }
    return undefined;
  }

  it('refuses failed logins from 30 addresses of one /64 at the same attempt as from one fixed address', async () => {
    const oneAddress = await firstRefusal(() => '203.0.113.40');
    expect(oneAddress).toBe(LOGIN_FAILURES_PER_ADDRESS.points + 1);
    const oneNetwork = await firstRefusal((i) => `2001:db8:40:1::${i.toString(16)}`);
    expect(oneNetwork).toBe(oneAddress);
    // the neighbouring /64 is another connection: its first failure is an ordinary 401
    expect((await failLoginFrom('2001:db8:40:2::1')).status).toBe(401);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it carries', async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS.points; i += 1) {
      expect((await failLoginFrom(i % 2 ? '198.51.100.41' : '::ffff:198.51.100.41')).status).toBe(401);
    }
    expect((await failLoginFrom('::ffff:198.51.100.41')).status).toBe(429);
    expect((await failLoginFrom('198.51.100.41')).status).toBe(429);
  });

  it('holds 20 live streams from one /64 however many of its addresses open them; another /64 still gets one', async () => {
    const streams: SseConnection[] = [];
    try {
      for (let i = 1; i <= 30; i += 1) {
        const address = `2001:db8:50:1:${i.toString(16)}::1`;
        streams.push(
          await openTrpcSubscription(server.url, 'live.dataChanges', undefined, {
            'x-forwarded-for': address,
          }),
        );
      }
      const statuses = streams.map((stream) => stream.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_LIVE_STREAMS_PER_ADDRESS);
      expect(statuses.slice(DEFAULT_LIVE_STREAMS_PER_ADDRESS)).toEqual(
        Array(30 - DEFAULT_LIVE_STREAMS_PER_ADDRESS).fill(429),
      );
      const elsewhere = await openTrpcSubscription(server.url, 'live.dataChanges', undefined, {
        'x-forwarded-for': '2001:db8:50:2::1',
      });
      streams.push(elsewhere);
      expect(elsewhere.status).toBe(200);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('sameClientOf', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as it', () => {
    expect(sameClientOf('192.0.2.7', 64)).toBe('192.0.2.7');
    expect(sameClientOf('::ffff:192.0.2.7', 64)).toBe('192.0.2.7');
    expect(sameClientOf('::FFFF:c000:0207', 64)).toBe('192.0.2.7');
  });

  it('names an IPv6 address by its network, however it is written', () => {
    const network = '2001:db8:0:1:0:0:0:0/64';
    expect(sameClientOf('2001:db8:0:1::1', 64)).toBe(network);
    expect(sameClientOf('2001:0DB8:0000:0001:ffff:1:2:3', 64)).toBe(network);
    expect(sameClientOf('2001:db8:0:1:a::b%eth0', 64)).toBe(network);
    expect(sameClientOf('2001:db8:0:1::1', 48)).toBe('2001:db8:0:0:0:0:0:0/48');
    expect(sameClientOf('2001:db8:0:1::1', 56)).toBe('2001:db8:0:0:0:0:0:0/56');
    expect(sameClientOf('2001:db8:0:1ff::1', 56)).toBe('2001:db8:0:100:0:0:0:0/56');
    expect(sameClientOf('2001:db8::1', 128)).toBe('2001:db8:0:0:0:0:0:1/128');
  });
});

describe('CLIENT_IPV6_PREFIX', () => {
  const parse = (value?: string) =>
    loadConfig({
      DATA_DIR: '/tmp/fm-client-prefix',
      SESSION_SECRET: 'x'.repeat(32),
      CLIENT_IPV6_PREFIX: value,
    }).clientIpv6Prefix;

  it('is 64 by default and takes a number of bits from 16 to 128', () => {
    expect(parse()).toBe(64);
    expect(parse('')).toBe(64);
    expect(parse('48')).toBe(48);
    expect(parse('128')).toBe(128);
  });

  it('refuses anything else with one line naming the variable', () => {
    for (const bad of ['8', '129', '64.5', 'wide']) {
      expect(() => parse(bad)).toThrow(/^Invalid configuration: CLIENT_IPV6_PREFIX must be/);
    }
  });
});
