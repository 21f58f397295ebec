import { type LeagueDetails, PLATFORM_LABELS, type Platform } from '@fm/contract';
import { AppError } from '../../errors.js';
import { TtlCache } from '../../integrations/cache.js';
import { isInvalidAnswer, UpstreamRequestError } from '../../integrations/http.js';

/** A league page waits this long for the platform before it answers with what it last held (or says so). */
export const PLATFORM_DEADLINE_MS = 3_000;
/** League pages last loaded within this time can be shown while the platform is down. */
export const LAST_HELD_TTL_MS = 7 * 24 * 60 * 60_000;
const LAST_HELD_MAX_ENTRIES = 2_000;

/** The last answer of each league page, kept so that a platform outage still shows the last rosters held. */
export type LastHeldStore = TtlCache<{ value: unknown; fetchedAt: string }>;

export function createLastHeldStore(): LastHeldStore {
  return new TtlCache({ maxEntries: LAST_HELD_MAX_ENTRIES });
}

/** When the platform's data was fetched, and whether it did not answer (`data_as_of` is then when it last did). */
export type Freshness = Pick<LeagueDetails, 'data_as_of' | 'is_stale'>;

class PlatformDeadlineError extends Error {}

/** The platform is down or slow (not: the league does not exist, or the user may not see it). */
export function isOutage(error: unknown): boolean {
  if (error instanceof PlatformDeadlineError) return true;
  if (!(error instanceof UpstreamRequestError) || isInvalidAnswer(error.reason)) return false;
  const status = error.upstreamStatus;
  return status === undefined || status === 429 || status >= 500;
}

export function platformUnavailable(platform: Platform): AppError {
  const name = PLATFORM_LABELS[platform];
  return new AppError(
    `${platform.toUpperCase() as Uppercase<Platform>}_UNAVAILABLE`,
    `${name} is not answering right now, and we hold no earlier copy of this league. This is an outage at ${name}, not a problem with your account: try again in a few minutes.`,
    503,
  );
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PlatformDeadlineError(`no answer within ${ms} ms`)), ms);
  });
  // The load goes on after the deadline (its answer still fills the caches); its failure is not unhandled.
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Loads a league page's platform data within PLATFORM_DEADLINE_MS. When the platform is down or too slow, answers
 * the copy held from the last successful load (marked stale, with its time), or 503 `{PLATFORM}_UNAVAILABLE`.
 * A load that answers a platform copy older than the read says when the platform gave it (`fetched_at`).
 */
export async function loadWithLastHeld<T extends { fetched_at?: string | undefined }>(
  store: LastHeldStore,
  request: {
    platform: Platform;
    key: string;
    deadlineMs?: number;
    log?: { warn(o: object, m: string): void };
  },
  load: () => Promise<T>,
): Promise<{ value: T; freshness: Freshness }> {
  const key = `${request.platform}:${request.key}`;
  try {
    const value = await withDeadline(load(), request.deadlineMs ?? PLATFORM_DEADLINE_MS);
    const fetchedAt = value.fetched_at ?? new Date().toISOString();
    store.set(key, { value, fetchedAt }, LAST_HELD_TTL_MS);
    return { value, freshness: { data_as_of: fetchedAt, is_stale: false } };
  } catch (error) {
    if (!isOutage(error)) throw error;
    request.log?.warn({ err: error, platform: request.platform }, 'league platform unavailable');
    const held = store.get(key);
    if (!held) throw platformUnavailable(request.platform);
    return { value: held.value as T, freshness: { data_as_of: held.fetchedAt, is_stale: true } };
  }
}
