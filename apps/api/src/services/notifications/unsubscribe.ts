import { NOTIFICATION_KINDS, type NotificationKind } from '@fm/contract';
import { users } from '@fm/db';
import { eq } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CoreDeps } from '../../core-deps.js';
import { AppError } from '../../errors.js';
import { turnOffEmail } from './settings.js';

/** An unsubscribe link works this long after its mail was sent; an older one is refused as stale. */
export const UNSUBSCRIBE_LINK_DAYS = 60;
const DAY_MS = 24 * 60 * 60_000;

const sign = (body: string, secret: string) =>
  createHmac('sha256', `unsubscribe:${secret}`).update(body).digest('base64url');

/** A signed token naming the person and the kind whose e-mails it turns off; no sign-in needed. */
export function unsubscribeToken(
  secret: string,
  userId: string,
  kind: NotificationKind,
  issuedAt: Date,
): string {
  const body = Buffer.from(
    JSON.stringify({ u: userId, k: kind, t: Math.floor(issuedAt.getTime() / 1000) }),
  ).toString('base64url');
  return `${body}.${sign(body, secret)}`;
}

const invalidLink = () =>
  new AppError(
    'INVALID_TOKEN',
    'This unsubscribe link is not valid. Turn e-mails off on the Settings page instead.',
    400,
  );

function readToken(secret: string, token: string, now: Date): { userId: string; kind: NotificationKind } {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) throw invalidLink();
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidLink();
  let claims: { u?: unknown; k?: unknown; t?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw invalidLink();
  }
  const kind = NOTIFICATION_KINDS.find((known) => known === claims.k);
  if (typeof claims.u !== 'string' || !kind || typeof claims.t !== 'number') throw invalidLink();
  if (now.getTime() - claims.t * 1000 > UNSUBSCRIBE_LINK_DAYS * DAY_MS) {
    throw new AppError(
      'INVALID_TOKEN',
      `This unsubscribe link is more than ${UNSUBSCRIBE_LINK_DAYS} days old. Turn e-mails off on the Settings page, or use the link in a newer mail.`,
      400,
    );
  }
  return { userId: claims.u, kind };
}

/** The one-click unsubscribe: turns off the e-mails of the token's kind; a bad or stale token changes nothing. */
export async function unsubscribeByToken(
  deps: Pick<CoreDeps, 'database' | 'config'>,
  token: string | undefined,
  now = new Date(),
): Promise<{ message: string; kind: NotificationKind }> {
  if (!token) throw invalidLink();
  const { userId, kind } = readToken(deps.config.sessionSecret, token, now);
  const [user] = await deps.database.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw invalidLink();
  await turnOffEmail(deps, userId, kind);
  return { kind, message: `You will no longer get ${kind.replace('_', ' ')} e-mails.` };
}
