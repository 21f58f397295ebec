import { nflSeasonOn } from '@fm/contract';
import { pushSubscriptions } from '@fm/db';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';
import { AppError } from '../../errors.js';
import { insertOnce } from './record.js';

/** A test is worth showing for this long; a browser offline longer does not need it. */
const TEST_TTL_MS = 10 * 60_000;

/**
 * "Send me a test": one message on the channel asked for, now (quiet hours and switches do not apply: the person
 * asked). Sent by the queue like any other; a push needs a browser that turned notifications on.
 */
export async function queueTestNotification(
  deps: Pick<CoreDeps, 'database'>,
  userId: string,
  channel: 'push' | 'email',
  now = new Date(),
): Promise<{ message: string }> {
  if (channel === 'push') {
    const [browser] = await deps.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .limit(1);
    if (!browser) {
      throw new AppError(
        'VALIDATION_ERROR',
        'Turn on notifications in this browser first: no browser of yours can receive them yet.',
        400,
      );
    }
  }
  await insertOnce(deps, [
    {
      userId,
      kind: 'test',
      channel,
      subject: `test:${now.toISOString()}`,
      season: nflSeasonOn(now),
      week: 0,
      payload: {
        title: 'Fantasy Matchup test',
        body: 'Notifications work: this is how a starter ruled out or a final score will reach you.',
        url: '/settings',
      },
      expiresAt: new Date(now.getTime() + TEST_TTL_MS),
    },
  ]);
  return {
    message: channel === 'push' ? 'A test notification is on its way.' : 'A test e-mail is on its way.',
  };
}
