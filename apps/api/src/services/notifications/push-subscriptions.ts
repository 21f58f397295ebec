import type { PushSubscriptionInput } from '@fm/contract';
import { pushSubscriptions } from '@fm/db';
import { and, eq } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';
import { validationError } from '../../errors.js';

/** A person's browsers; more than this and the oldest would be a device long gone. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/**
 * Whether an endpoint is on one of the allowed push services: same scheme and port, and the host equal to the
 * allowed one or, for `*.host`, one of its subdomains. https always, unless an http origin is named (local tests).
 */
export function isAllowedPushEndpoint(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return allowed.some((origin) => {
    const wildcard = origin.includes('://*.');
    const pattern = new URL(origin.replace('://*.', '://'));
    if (url.protocol !== pattern.protocol || url.port !== pattern.port) return false;
    return wildcard ? url.hostname.endsWith(`.${pattern.hostname}`) : url.hostname === pattern.hostname;
  });
}

/** P-256 public keys are 65 bytes (uncompressed point), auth secrets 16. */
function checkKeys(keys: PushSubscriptionInput['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04) {
    throw validationError('keys.p256dh must be an uncompressed P-256 public key (65 bytes).', 'keys.p256dh');
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) {
    throw validationError('keys.auth must be a 16-byte secret.', 'keys.auth');
  }
}

/**
 * Keeps a browser's subscription for the signed-in person: its endpoint must be https on a known push service
 * (PUSH_ENDPOINT_ALLOW) and its keys well-formed. The same endpoint again (a re-subscription) takes the new keys.
 */
export async function savePushSubscription(
  deps: Pick<CoreDeps, 'database' | 'config'>,
  userId: string,
  subscription: PushSubscriptionInput,
): Promise<void> {
  if (!isAllowedPushEndpoint(subscription.endpoint, deps.config.pushEndpointAllow)) {
    throw validationError(
      'That push endpoint is not on a known push service; notifications can only be sent through the browsers’ push services.',
      'endpoint',
    );
  }
  checkKeys(subscription.keys);
  const { db } = deps.database;
  const values = { userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values({ endpoint: subscription.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  const held = await db
    .select({ id: pushSubscriptions.id, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const surplus = held
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .slice(0, Math.max(0, held.length - MAX_SUBSCRIPTIONS_PER_USER));
  for (const row of surplus) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
}

/** Forgets one of the person's browsers (turned off there); another person's endpoint is left alone. */
export async function removePushSubscription(
  deps: Pick<CoreDeps, 'database'>,
  userId: string,
  endpoint: string,
): Promise<void> {
  await deps.database.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
