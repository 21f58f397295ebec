import { leagueConnections, users } from '@fm/db';
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/http/session-cookie.js';
import { createSession } from '../src/services/auth/sessions.js';
import { registerVerifiedUser, signedInClient } from '../test/accounts.js';
import { FAKE_SLEEPER_USER } from '../test/fakes/sleeper-server.js';
import type { MailingTestServer } from '../test/harness.js';

/**
 * `count` signed-in users who linked the same Sleeper account, as the open pages of one league
 * would be: the first registers and links through the API; the others are copied in the database
 * with their own session (argon2 for each would take minutes). Many users, because league reads
 * are rate-limited per user (LEAGUE_READS_PER_USER) and one user would soon be answered 429.
 */
export async function signInViewers(server: MailingTestServer, count: number): Promise<string[]> {
  const email = await registerVerifiedUser(server);
  const client = await signedInClient(server, email);
  const linked = await client.post('/api/leagues/sleeper/connect', { username: FAKE_SLEEPER_USER.username });
  if (linked.status !== 200) throw new Error(`linking Sleeper answered ${linked.status}`);
  const { db } = server.deps.database;
  const [first] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  const [connection] = await db
    .select()
    .from(leagueConnections)
    .where(eq(leagueConnections.userId, first!.id));
  const cookies = [`${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`];
  for (let i = 1; i < count; i++) {
    const [viewer] = await db
      .insert(users)
      .values({
        email: `viewer-${i}-${first!.email}`,
        passwordHash: first!.passwordHash,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const { id: _id, userId: _userId, createdAt: _c, updatedAt: _u, ...link } = connection!;
    await db.insert(leagueConnections).values({ ...link, userId: viewer!.id });
    const session = await createSession(server.deps, viewer!.id, { isPersistent: false });
    cookies.push(`${SESSION_COOKIE}=${session.token}`);
  }
  return cookies;
}
