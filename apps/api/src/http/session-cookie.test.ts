import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { readSessionToken, SESSION_COOKIE } from './session-cookie.js';

describe('readSessionToken', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  /** A server whose response hook reads the session token, as monitoring does; `dropEarly` answers before cookies are parsed. */
  async function serverReadingTokens(dropEarly: boolean) {
    const app = Fastify();
    apps.push(app);
    const read: (string | undefined)[] = [];
    const errors: unknown[] = [];
    if (dropEarly) app.addHook('onRequest', async (_req, reply) => reply.code(503).send({ code: 'BUSY' }));
    await app.register(cookie);
    app.get('/', async () => ({ ok: true }));
    app.addHook('onResponse', async (req) => {
      try {
        read.push(readSessionToken(req));
      } catch (error) {
        errors.push(error);
      }
    });
    await app.ready();
    return { app, read, errors };
  }

  it('is no session when the request ended before its cookies were parsed', async () => {
    const { app, read, errors } = await serverReadingTokens(true);
    const answer = await app.inject({ url: '/', headers: { cookie: `${SESSION_COOKIE}=abc` } });
    expect(answer.statusCode).toBe(503);
    expect(errors).toEqual([]);
    expect(read).toEqual([undefined]);
  });

  it('is the cookie’s token once parsed, and nothing without one', async () => {
    const { app, read, errors } = await serverReadingTokens(false);
    await app.inject({ url: '/', headers: { cookie: `${SESSION_COOKIE}=abc` } });
    await app.inject({ url: '/' });
    expect(errors).toEqual([]);
    expect(read).toEqual(['abc', undefined]);
  });
});
