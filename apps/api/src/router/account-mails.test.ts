import { accountMailJobs } from '@fm/db';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../test/admin-accounts.js';
import { STRONG_PASSWORD, uniqueEmail, waitForMailTo } from '../../test/accounts.js';
import { EMBEDDED_DATABASE, startMailingTestServer, type MailingTestServer } from '../../test/harness.js';
import { AddressedClient, type RawResponse } from '../../test/raw-http.js';
import { ACCOUNT_MAILS_PER_ADDRESS, mailboxOf } from '../services/mail/account-mail-limits.js';

const CAP = ACCOUNT_MAILS_PER_ADDRESS.points;

/** Fails the test if `pending` has not settled within `ms` (it would otherwise hang). */
function within<T>(ms: number, pending: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}

describe.each(EMBEDDED_DATABASE)('account mails on %s', (kind) => {
  let server: MailingTestServer;
  const client = (address: string) => new AddressedClient(server.url, address);
  const mailsToMailbox = (email: string) =>
    server.smtp.mails.filter((mail) => mail.to.some((to) => mailboxOf(to) === mailboxOf(email)));

  beforeAll(async () => {
    server = await startMailingTestServer(kind);
  });
  afterAll(() => server?.stop());

  it('sends one mailbox at most three account mails an hour, whichever address asks and however it is spelt', async () => {
    const { email } = await insertAccount(server);
    const [local, domain] = email.split('@');
    const spellings = [email, email.toUpperCase(), `${local}+again@${domain}`, ` ${email} `, email, email];
    const answers: RawResponse[] = [];
    for (const [i, spelling] of spellings.entries()) {
      const from = client(`127.0.9.${(i % 3) + 1}`);
      answers.push(await from.post('/api/auth/register', { email: spelling, password: STRONG_PASSWORD }));
    }
    // Past the share the answer is the same 200: a 429 would tell that the address was mailed.
    expect(answers.map((answer) => answer.status)).toEqual(Array(spellings.length).fill(200));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    await server.deps.accountMails.flush();
    expect(mailsToMailbox(email)).toHaveLength(CAP);
  });

  it('shares the budget between register, resend and forgot, and answers an unknown address alike', async () => {
    const pending = uniqueEmail('pending');
    const unknown = uniqueEmail('ghost');
    const from = client('127.0.9.10');
    const asks = [
      ['/api/auth/register', { email: pending, password: STRONG_PASSWORD }],
      ['/api/auth/resend-verification', { email: pending }],
      ['/api/auth/forgot-password', { email: pending }],
      ['/api/auth/resend-verification', { email: pending }],
    ] as const;
    const statuses = [];
    for (const [path, body] of asks) statuses.push((await from.post(path, body)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    await server.deps.accountMails.flush();
    const subjects = mailsToMailbox(pending).map((mail) => mail.subject.split(' ')[0]);
    expect(subjects.sort()).toEqual(['Reset', 'Verify', 'Verify']);

    const forUnknown = [];
    for (let i = 0; i <= CAP; i += 1) {
      forUnknown.push(await from.post('/api/auth/resend-verification', { email: unknown }));
    }
    expect(forUnknown.map((answer) => answer.status)).toEqual(Array(CAP + 1).fill(200));
    await server.deps.accountMails.flush();
    expect(mailsToMailbox(unknown)).toHaveLength(0);
  });

  it('answers forgot-password alike for an address mailed within the hour and one never mailed', async () => {
    const { email: neverMailed } = await insertAccount(server);
    const recent = uniqueEmail('recent');
    // Registering mails the address (and counts against its mailbox's share).
    expect(
      (await client('127.0.9.30').post('/api/auth/register', { email: recent, password: STRONG_PASSWORD }))
        .status,
    ).toBe(200);
    await waitForMailTo(server.smtp, recent, 'Verify');
    const askAbout = async (email: string, from: string) => {
      const answers: string[] = [];
      for (let i = 0; i <= CAP; i += 1) {
        const answer = await client(from).post('/api/auth/forgot-password', { email });
        answers.push(`${answer.status} ${answer.text}`);
      }
      return answers;
    };
    const forRecent = await askAbout(recent, '127.0.9.31');
    const forNeverMailed = await askAbout(neverMailed, '127.0.9.32');
    expect(forRecent).toEqual(forNeverMailed);
    expect(new Set(forRecent).size).toBe(1);
    expect(forRecent[0]).toMatch(/^200 /);
    await server.deps.accountMails.flush();
    expect(mailsToMailbox(recent)).toHaveLength(CAP);
    expect(mailsToMailbox(neverMailed)).toHaveLength(CAP);
  });

  it('answers forgot-password and resend-verification before looking the address up, then mails', async () => {
    const registered = (await insertAccount(server)).email;
    const waiting = uniqueEmail('waiting');
    const from = client('127.0.9.20');
    expect(
      (await from.post('/api/auth/register', { email: waiting, password: STRONG_PASSWORD })).status,
    ).toBe(200);
    await waitForMailTo(server.smtp, waiting, 'Verify');
    const before = server.smtp.mails.length;

    // The mail worker is stopped: the answers cannot wait for any lookup or mail it does.
    await server.deps.accountMails.stop();
    // On PostgreSQL the users table is held too: an answer that read it would wait. (PGlite has one
    // connection, where a held lock stops every query, the queue's own insert included.)
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let isHeld!: () => void;
    const held = new Promise<void>((resolve) => (isHeld = resolve));
    const holding =
      kind === 'postgres'
        ? server.deps.database.db.transaction(async (tx) => {
            await tx.execute(sql`lock table users in access exclusive mode`);
            isHeld();
            await released;
          })
        : (isHeld(), released);
    await held;
    try {
      const answers = await within(
        10_000,
        Promise.all([
          from.post('/api/auth/forgot-password', { email: registered }),
          from.post('/api/auth/forgot-password', { email: uniqueEmail('ghost') }),
          from.post('/api/auth/resend-verification', { email: waiting }),
          from.post('/api/auth/resend-verification', { email: uniqueEmail('ghost') }),
        ]),
        'answering while the users table was locked',
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(answers[0]!.text).toBe(answers[1]!.text);
      expect(answers[2]!.text).toBe(answers[3]!.text);
    } finally {
      release();
      await holding;
    }
    expect(server.smtp.mails.length).toBe(before);
    server.deps.accountMails.start();
    await waitForMailTo(server.smtp, registered, 'Reset', before);
    await waitForMailTo(server.smtp, waiting, 'Verify', before);
  });

  it('keeps a queued mail while the worker is stopped, and sends it once the worker runs', async () => {
    const { email } = await insertAccount(server);
    await server.deps.accountMails.stop();
    const before = server.smtp.mails.length;
    expect((await client('127.0.9.30').post('/api/auth/forgot-password', { email })).status).toBe(200);
    const [queued] = await server.deps.database.db.select({ count: count() }).from(accountMailJobs);
    expect(queued!.count).toBeGreaterThan(0);
    server.deps.accountMails.start();
    await waitForMailTo(server.smtp, email, 'Reset', before);
    await server.deps.accountMails.flush();
    const [left] = await server.deps.database.db.select({ count: count() }).from(accountMailJobs);
    expect(left!.count).toBe(0);
  });
});
