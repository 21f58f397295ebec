import { sessions, users } from '@fm/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../test/admin-accounts.js';
import { OTHER_STRONG_PASSWORD, STRONG_PASSWORD, uniqueEmail, waitForMailTo } from '../../test/accounts.js';
import {
  EMBEDDED_DATABASE,
  type MailingTestServer,
  startMailingTestServer,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { AddressedClient, type RawResponse } from '../../test/raw-http.js';
import { EVENT_TYPES } from '../monitoring/analytics-capture.js';
import {
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_GUESSES_PER_ACCOUNT,
  LOGIN_GUESSES_PER_ACCOUNT_AND_ADDRESS,
} from '../services/auth/login-throttle.js';

const PER_PAIR = LOGIN_GUESSES_PER_ACCOUNT_AND_ADDRESS.freeAttempts;

/** Hands out loopback addresses (127.0.<block>.<n>): each stands for another computer. */
function addresses(block: number) {
  let next = 1;
  return () => `127.0.${block}.${next++}`;
}

const guess = (client: AddressedClient, email: string, i = 0) =>
  client.post('/api/auth/login', { email, password: `Wrong$Guess${i}xx` });

function expectRateLimited(response: RawResponse) {
  expect(response.status).toBe(429);
  expect(response.body.code).toBe('RATE_LIMITED');
  expect(response.body.message).toMatch(/Forgot Password\?/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe.each(EMBEDDED_DATABASE)('login guessing on %s', (kind) => {
  let server: MailingTestServer;
  const client = (address: string) => new AddressedClient(server.url, address);

  beforeAll(async () => {
    server = await startMailingTestServer(kind);
  });
  afterAll(() => server?.stop());

  it('slows guesses at one account from one address: five answers, then a short wait, the right password included', async () => {
    const { email } = await insertAccount(server);
    const attacker = client('127.0.1.1');
    for (let i = 0; i < PER_PAIR; i += 1) {
      const wrong = await guess(attacker, email, i);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
    }
    const blocked = await attacker.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expectRateLimited(blocked);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(
      LOGIN_GUESSES_PER_ACCOUNT_AND_ADDRESS.firstDelaySeconds,
    );
  });

  it("keeps the owner's password working from another address while five addresses guess", async () => {
    const { email } = await insertAccount(server);
    const nextAddress = addresses(2);
    for (let i = 0; i < PER_PAIR; i += 1) {
      expect((await guess(client(nextAddress()), email, i)).status).toBe(401);
    }
    const owner = await client(nextAddress()).post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(email);
  });

  it('lets no more than five of a parallel burst of guesses from one address reach the password check', async () => {
    const { email } = await insertAccount(server);
    const attacker = client('127.0.3.1');
    await attacker.request('GET', '/api/auth/csrf-token');
    const burst = 2 * PER_PAIR;
    const answers = await Promise.all(Array.from({ length: burst }, (_, i) => guess(attacker, email, i)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(PER_PAIR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(burst - PER_PAIR);
  });

  it('slows the account when guesses come from many addresses, except in a browser that signed in before, and a reset link lets the owner in', async () => {
    const { email } = await insertAccount(server);
    const nextAddress = addresses(4);
    const trustedBrowser = client(nextAddress());
    expect((await trustedBrowser.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(
      200,
    );
    for (let i = 0; i < LOGIN_GUESSES_PER_ACCOUNT.freeAttempts; i += 1) {
      expect((await guess(client(nextAddress()), email, i)).status).toBe(401);
    }
    expectRateLimited(await guess(client(nextAddress()), email));
    // A browser never seen before cannot be told from the guessers…
    const newBrowser = client(nextAddress());
    expectRateLimited(await newBrowser.post('/api/auth/login', { email, password: STRONG_PASSWORD }));
    // …but one that signed in before gets in from anywhere, and the guessers stay slowed…
    const trustedElsewhere = new AddressedClient(server.url, nextAddress());
    for (const [name, value] of trustedBrowser.cookies) trustedElsewhere.cookies.set(name, value);
    const trusted = await trustedElsewhere.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(trusted.status).toBe(200);
    expectRateLimited(await guess(client(nextAddress()), email));

    // …and the reset link the 429 points to lets the new browser in at once.
    const before = server.smtp.mails.length;
    expect((await newBrowser.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const mail = await waitForMailTo(server.smtp, email, 'Reset', before);
    const token = new URL(mail.links[0]!).searchParams.get('token');
    const reset = await newBrowser.post('/api/auth/reset-password', {
      token,
      password: OTHER_STRONG_PASSWORD,
    });
    expect(reset.status).toBe(200);
    const afterReset = await newBrowser.post('/api/auth/login', { email, password: OTHER_STRONG_PASSWORD });
    expect(afterReset.status).toBe(200);
  });

  it('slows one address guessing across many accounts, without refusing a correct password for an account it has not guessed at', async () => {
    const { email: guessedAt } = await insertAccount(server);
    const { email: neighbour } = await insertAccount(server);
    const sprayer = client('127.0.5.1');
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS.points; i += 1) {
      expect((await guess(sprayer, uniqueEmail('spray'), i)).status).toBe(401);
    }
    // Over the address's budget: a wrong password answers 429, and the account it was tried on
    // is refused before its password is checked, the right one included…
    expectRateLimited(await guess(sprayer, uniqueEmail('spray')));
    expectRateLimited(await guess(sprayer, guessedAt));
    expectRateLimited(await sprayer.post('/api/auth/login', { email: guessedAt, password: STRONG_PASSWORD }));
    // …but someone else behind the same address signs in to their account at once.
    const colleague = client('127.0.5.1');
    const signedIn = await colleague.post('/api/auth/login', { email: neighbour, password: STRONG_PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(neighbour);
    // Another address is not affected.
    expect((await guess(client('127.0.5.2'), uniqueEmail('spray'))).status).toBe(401);
  });
});

describe.each(EMBEDDED_DATABASE)('failed-login alert on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts guesses the limiter refused as failed logins, so one address guessing raises the alert', async () => {
    const { email } = await insertAccount(server);
    const attacker = new AddressedClient(server.url, '127.0.6.1');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await guess(attacker, email, i)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(PER_PAIR);
    await server.deps.monitoring.flush();
    const failed = await server.deps.monitoring.eventStore.countEvents({ types: [EVENT_TYPES.loginFailed] });
    expect(failed).toBe(12);
    const { raised } = await server.deps.alerts.evaluate();
    expect(raised.map((alert) => alert.type)).toContain('failed_login_burst');
  });

  it('counts failed logins sent to /trpc, batched or not, as the REST ones are counted', async () => {
    const { email } = await insertAccount(server);
    const before = await server.deps.monitoring.eventStore.countEvents({ types: [EVENT_TYPES.loginFailed] });
    const attacker = new AddressedClient(server.url, '127.0.6.2');
    const single = await attacker.post('/trpc/auth.login', { email, password: 'Wrong$Guess0xx' });
    expect(single.status).toBe(401);
    // A batch is either refused whole or answered call by call; each call it answers is a login decision.
    const batch = await attacker.post('/trpc/auth.login,auth.login,auth.login?batch=1', {
      0: { email, password: 'Wrong$Guess1xx' },
      1: { email, password: 'Wrong$Guess2xx' },
      2: { email, password: 'Wrong$Guess3xx' },
    });
    const answered = Array.isArray(batch.body) ? (batch.body as Array<{ error?: unknown }>) : [];
    await server.deps.monitoring.flush();
    const failed = await server.deps.monitoring.eventStore.countEvents({ types: [EVENT_TYPES.loginFailed] });
    expect(failed - before).toBe(1 + answered.filter((call) => call.error).length);
  });

  it('opens one session at most for a batch of logins with the right password', async () => {
    const { email } = await insertAccount(server);
    const owner = new AddressedClient(server.url, '127.0.6.3');
    const batch = await owner.post('/trpc/auth.login,auth.login?batch=1', {
      0: { email, password: STRONG_PASSWORD },
      1: { email, password: STRONG_PASSWORD },
    });
    const answered = Array.isArray(batch.body) ? (batch.body as Array<{ error?: unknown }>) : [];
    const [row] = await server.deps.database.db
      .select({ count: count() })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, email));
    expect(row!.count).toBe(answered.filter((call) => !call.error).length);
    expect(row!.count).toBeLessThanOrEqual(1);
  });
});
