import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OTHER_STRONG_PASSWORD,
  registerVerifiedUser,
  signedInClient,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../test/accounts.js';
import {
  EMBEDDED_DATABASE,
  type MailingTestServer,
  startMailingTestServer,
  startTestServer,
} from '../../test/harness.js';

describe.each(EMBEDDED_DATABASE)('deleting my account on %s', (kind) => {
  let server: MailingTestServer;
  beforeAll(async () => {
    server = await startMailingTestServer(kind);
  });
  afterAll(() => server?.stop());

  it('deletes the account, logs out every device, and frees the address', async () => {
    const email = await registerVerifiedUser(server);
    const laptop = await signedInClient(server, email);
    const phone = await signedInClient(server, email, STRONG_PASSWORD, true);

    const deleted = await laptop.post('/api/user/me/delete', { password: STRONG_PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.message).toMatch(/deleted/);
    expect(laptop.cookies.has('fm_session')).toBe(false);

    const other = await phone.get('/api/auth/me');
    expect(other.status).toBe(401);
    expect(other.body.code).toBe('TOKEN_REVOKED');
    const login = await server.client().post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.body.code).toBe('INVALID_CREDENTIALS');
    const [row] = await server.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeUndefined();
    await registerVerifiedUser(server, email, OTHER_STRONG_PASSWORD);
  });

  it('needs the password again: a missing or wrong one deletes nothing, on either path', async () => {
    const email = await registerVerifiedUser(server);
    const client = await signedInClient(server, email);
    const missing = await client.post('/api/user/me/delete', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'currentPassword' });
    const wrong = await client.post('/api/user/me/delete', { password: 'Wrong$Guess1xx' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');
    const typed = await client.post('/trpc/user.deleteMe', { password: 'Wrong$Guess2xx' });
    expect(typed.body.error.data.appCode).toBe('INVALID_PASSWORD');
    const bare = await client.delete('/api/user/me');
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'currentPassword' });
    const wrongByDelete = await client.delete('/api/user/me', { password: 'Wrong$Guess3xx' });
    expect(wrongByDelete.body.code).toBe('INVALID_PASSWORD');
    expect((await client.get('/api/auth/me')).body.data.email).toBe(email);
    const [row] = await server.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeDefined();
  });

  it('deletes by the DELETE /api/user/me path with the password in its JSON body', async () => {
    const email = await registerVerifiedUser(server);
    const client = await signedInClient(server, email);
    const deleted = await client.delete('/api/user/me', { password: STRONG_PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.message).toMatch(/deleted/);
    const [row] = await server.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeUndefined();
  });

  it('refuses a visitor with 401', async () => {
    const response = await server.client().post('/api/user/me/delete', { password: STRONG_PASSWORD });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });
});

describe.each(EMBEDDED_DATABASE)('the ADMIN_EMAIL account on %s', (kind) => {
  const adminEmail = uniqueEmail('Admin');
  const adminPassword = 'Commissioner$2025';
  let server: MailingTestServer;
  beforeAll(async () => {
    server = await startMailingTestServer(kind, { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword });
  });
  afterAll(() => server?.stop());

  it('exists at start-up as a verified admin who can log in', async () => {
    const client = await signedInClient(server, adminEmail, adminPassword);
    const me = await client.get('/api/auth/me');
    expect(me.body.data).toMatchObject({
      email: adminEmail.toLowerCase(),
      role: 'admin',
      emailVerified: true,
    });
  });

  it('refuses to start with a weak ADMIN_PASSWORD, naming the variable', async () => {
    await expect(
      startTestServer(kind, { ADMIN_EMAIL: uniqueEmail(), ADMIN_PASSWORD: 'password' }),
    ).rejects.toThrow(/^Invalid configuration: ADMIN_PASSWORD/);
  });
});
