import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedUser, signedInClient, uniqueEmail } from '../test/accounts.js';
import { startMailingTestServer, type MailingTestServer } from '../test/harness.js';
import type { Context } from './context.js';
import { formatError } from './http/error-format.js';
import { SESSION_COOKIE } from './http/session-cookie.js';
import { adminProcedure, authedProcedure, createCallerFactory, router } from './trpc.js';

const probeRouter = router({
  whoAmI: authedProcedure.query(({ ctx }) => ctx.user.email),
  adminOnly: adminProcedure.query(() => 'the admin area'),
});
const createCaller = createCallerFactory(probeRouter);

describe('authedProcedure and adminProcedure', () => {
  const adminEmail = uniqueEmail('boss');
  const adminPassword = 'Commissioner$2025';
  let server: MailingTestServer;
  beforeAll(async () => {
    server = await startMailingTestServer('pglite', {
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
    });
  });
  afterAll(() => server?.stop());

  const callerWithCookie = (token: string | undefined) =>
    createCaller({
      deps: server.deps,
      req: { cookies: token ? { [SESSION_COOKIE]: token } : {} },
      reply: { header: () => undefined },
    } as unknown as Context);

  const failureOf = async (call: Promise<unknown>) => {
    try {
      await call;
    } catch (error) {
      return formatError(error);
    }
    throw new Error('expected the call to fail');
  };

  it('answers 401 UNAUTHENTICATED to a visitor on both', async () => {
    const visitor = callerWithCookie(undefined);
    expect(await failureOf(visitor.whoAmI())).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    expect(await failureOf(visitor.adminOnly())).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
  });

  it('lets a signed-in user through authed procedures and answers 403 FORBIDDEN on admin ones', async () => {
    const email = await registerVerifiedUser(server);
    const client = await signedInClient(server, email);
    const user = callerWithCookie(client.cookies.get(SESSION_COOKIE));
    await expect(user.whoAmI()).resolves.toBe(email);
    expect(await failureOf(user.adminOnly())).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('lets role admin through admin procedures', async () => {
    const client = await signedInClient(server, adminEmail, adminPassword);
    await expect(callerWithCookie(client.cookies.get(SESSION_COOKIE)).adminOnly()).resolves.toBe(
      'the admin area',
    );
  });
});
