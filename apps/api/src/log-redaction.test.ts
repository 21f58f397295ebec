import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { rawRequest } from '../test/raw-http.js';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('keeps paths and filter values, and redacts every other query value and ;parameter', () => {
    expect(redactUrl('/api/projections/public/qb?week=3&season=2025&page=2')).toBe(
      '/api/projections/public/qb?week=3&season=2025&page=2',
    );
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/cb?code=c&state=s&Week=1&%74oken=t')).toBe(
      '/cb?code=[redacted]&state=[redacted]&Week=1&%74oken=[redacted]',
    );
    expect(redactUrl('/x;jsessionid=abc/y?a')).toBe('/x;[redacted]/y?a');
    expect(redactUrl('/x?token=a;password=b')).toBe('/x?token=[redacted]&password=[redacted]');
  });
});

describe('request logs at LOG_LEVEL=info', () => {
  const lines: string[] = [];
  let server: TestServer;
  const SECRETS = Array.from({ length: 12 }, (_, i) => `SeCrEt${i}x${Date.now().toString(36)}`);

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    server = await startTestServer('pglite', { LOG_LEVEL: 'info' }, { logTo: sink });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('writes no token, code, state, password or key from any URL into the log', async () => {
    const [a, b, c, d, e, f, g, h, i, j, k, l] = SECRETS;
    const paths = [
      `/reset-password?token=${a}`,
      `/api/auth/verify-email?token=${b}`,
      `/api/leagues/yahoo/callback?code=${c}&state=${d}`,
      `/login?password=${e}&access_token=${f}&refresh_token=${g}`,
      `/api/health?%74oken=${h}`,
      `/api/health?TOKEN=${i}&api_key=${j}`,
      `/reset-password;token=${k}`,
      `/api/projections/public/all?week=1&sig=${l}`,
    ];
    for (const requestPath of paths) {
      const answer = await rawRequest(server.url, { method: 'GET', path: requestPath });
      expect(answer.status).toBeLessThan(500);
    }
    const log = lines.join('\n');
    // one line per request, written when it is answered, naming the request
    const completed = lines.filter((line) => line.includes('"msg":"request completed"'));
    expect(completed).toHaveLength(paths.length);
    expect(log).not.toContain('incoming request');
    expect(log).toContain('/api/projections/public/all?week=1');
    for (const secret of SECRETS) expect(log).not.toContain(secret);
  });
});
