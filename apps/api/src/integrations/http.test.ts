import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeSleeper, startFakeSleeper } from '../../test/fakes/sleeper-server.js';
import { fetchJson, parseRetryAfterMs, UpstreamRequestError } from './http.js';

const stateSchema = z.object({ season: z.string(), week: z.number() });

describe('fetchJson against a local Sleeper stand-in', () => {
  let sleeper: FakeSleeper;
  let sleeps: number[];
  const request = () => ({
    failureMessage: 'Failed to fetch the current NFL week.',
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  });
  const stateUrl = () => `${sleeper.url}/v1/state/nfl`;

  beforeAll(async () => {
    sleeper = await startFakeSleeper();
  });
  afterAll(() => sleeper.close());
  beforeEach(() => {
    sleeper.reset();
    sleeps = [];
  });

  it('answers the validated body', async () => {
    await expect(fetchJson(stateUrl(), stateSchema, request())).resolves.toEqual({ season: '2025', week: 1 });
    expect(sleeper.requests).toHaveLength(1);
  });

  it('waits the Retry-After of a 429 (capped) and then succeeds', async () => {
    sleeper.failNext({ kind: 'status', status: 429, retryAfterSeconds: 2 });
    sleeper.failNext({ kind: 'status', status: 429, retryAfterSeconds: 60 });
    const state = await fetchJson(stateUrl(), stateSchema, { ...request(), retryAfterCapMs: 5_000 });
    expect(state.week).toBe(1);
    expect(sleeps).toEqual([2_000, 5_000]);
    expect(sleeper.requests).toHaveLength(3);
  });

  it('backs off exponentially with jitter on 5xx and gives up after three tries', async () => {
    sleeper.failNext(500, 3);
    const failure = await fetchJson(stateUrl(), stateSchema, { ...request(), backoffBaseMs: 100 }).catch(
      (e) => e,
    );
    expect(failure).toBeInstanceOf(UpstreamRequestError);
    expect(failure.message).toBe('Failed to fetch the current NFL week.');
    expect(failure.code).toBe('UPSTREAM_ERROR');
    expect(failure.status).toBe(502);
    expect(failure.reason).toBe('http-status');
    expect(failure.upstreamStatus).toBe(500);
    expect(sleeps).toEqual([150, 250]);
    expect(sleeper.requests).toHaveLength(3);
  });

  it('recovers when a 5xx is followed by a good answer', async () => {
    sleeper.failNext(503);
    await expect(fetchJson(stateUrl(), stateSchema, request())).resolves.toMatchObject({ week: 1 });
    expect(sleeper.requests).toHaveLength(2);
  });

  it('does not retry other 4xx answers', async () => {
    sleeper.failNext(404);
    const failure = await fetchJson(stateUrl(), stateSchema, request()).catch((e) => e);
    expect(failure.upstreamStatus).toBe(404);
    expect(sleeper.requests).toHaveLength(1);
  });

  it('times out a silent server and retries it', async () => {
    sleeper.failNext({ kind: 'delay', ms: 2_000 });
    const started = Date.now();
    const state = await fetchJson(stateUrl(), stateSchema, { ...request(), timeoutMs: 200 });
    expect(state.week).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(sleeper.requests).toHaveLength(2);
  });

  it('reports a timeout as 504 with the caller message once tries are exhausted', async () => {
    sleeper.failNext({ kind: 'delay', ms: 2_000 }, 2);
    const failure = await fetchJson(stateUrl(), stateSchema, {
      ...request(),
      timeoutMs: 150,
      maxAttempts: 2,
    }).catch((e) => e);
    expect(failure).toMatchObject({
      reason: 'timeout',
      status: 504,
      message: 'Failed to fetch the current NFL week.',
    });
    expect(failure.detail).toMatch(/did not answer within 150 ms/);
  });

  it('retries a dropped connection', async () => {
    sleeper.failNext({ kind: 'disconnect' });
    await expect(fetchJson(stateUrl(), stateSchema, request())).resolves.toMatchObject({ week: 1 });
  });

  it('names a body that is not JSON without retrying it', async () => {
    sleeper.failNext({ kind: 'invalid-json' });
    const failure = await fetchJson(stateUrl(), stateSchema, request()).catch((e) => e);
    expect(failure).toMatchObject({ reason: 'invalid-json', status: 502 });
    expect(failure.detail).toContain('not JSON');
    expect(sleeper.requests).toHaveLength(1);
  });

  it('names the fields of a body with the wrong shape', async () => {
    sleeper.failNext({ kind: 'wrong-shape' });
    const failure = await fetchJson(stateUrl(), stateSchema, request()).catch((e) => e);
    expect(failure.reason).toBe('invalid-body');
    expect(failure.detail).toMatch(/season/);
    expect(failure.details).toMatchObject({ reason: 'invalid-body' });
  });

  it('reports an unreachable host as a network failure', async () => {
    const closed = await startFakeSleeper();
    await closed.close();
    const failure = await fetchJson(`${closed.url}/v1/state/nfl`, stateSchema, {
      ...request(),
      maxAttempts: 2,
    }).catch((e) => e);
    expect(failure).toMatchObject({ reason: 'network', message: 'Failed to fetch the current NFL week.' });
    expect(sleeps).toHaveLength(1);
  });
});

describe('parseRetryAfterMs', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfterMs('3')).toBe(3_000);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfterMs('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfterMs('soon')).toBeUndefined();
    expect(parseRetryAfterMs(null)).toBeUndefined();
  });
});
