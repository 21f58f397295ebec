import type { DataChangeChannel } from '../data-changes/data-change-channel.js';
import type { sessions, users } from '@fm/db';

export type SessionUserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** More entries than this and the oldest go: a cache, not a second session table. */
const MAX_ENTRIES = 20_000;

export interface CachedSession {
  session: SessionRow;
  user: SessionUserRow;
}

/**
 * A few seconds' memory of the session and user behind a token hash, so that the many requests
 * of one open page (and every push-triggered refetch) do not each look the session up.
 * Ending or changing a user's sessions anywhere clears them here at once and, through the
 * data-change channel, on every other process; while that channel cannot be heard, nothing is
 * served from the cache.
 */
export interface SessionCache {
  get(tokenHash: string, now: number): CachedSession | undefined;
  /** Taken before reading the database: an entry read before a revocation is never stored after it. */
  mark(): number;
  set(tokenHash: string, entry: CachedSession, now: number, mark: number): void;
  /**
   * A fact about a user that every signed-in answer repeats (whether a league is linked), kept as
   * long as a session entry; whatever changes it calls forgetUser.
   */
  userFact<T>(userId: string, name: string, now: number, load: () => Promise<T>): Promise<T>;
  /** Drops the user's entries here and on every other process (after the database write). */
  forgetUser(userId: string): Promise<void>;
  /** Drops every entry here and on every other process (a bulk change). */
  forgetAll(): Promise<void>;
  close(): void;
}

/** Stands for "every user" in a session announcement. */
const EVERY_USER = '*';

export function createSessionCache(options: {
  ttlMs: number;
  channel: Pick<DataChangeChannel, 'isListening' | 'announceSessionChange' | 'onSessionChange'>;
}): SessionCache {
  const { ttlMs, channel } = options;
  const entries = new Map<string, CachedSession & { storedAt: number }>();
  const facts = new Map<string, { value: unknown; storedAt: number }>();
  const factKey = (userId: string, name: string) => `${userId}:${name}`;
  let drops = 0;
  const dropUser = (userId: string | null) => {
    drops++;
    if (userId === null || userId === EVERY_USER) {
      entries.clear();
      facts.clear();
      return;
    }
    for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    for (const key of facts.keys()) if (key.startsWith(`${userId}:`)) facts.delete(key);
  };
  const stopListening = channel.onSessionChange(dropUser);
  const isEnabled = () => ttlMs > 0 && channel.isListening;
  return {
    get(tokenHash, now) {
      if (!isEnabled()) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now - entry.storedAt >= ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },
    mark: () => drops,
    set(tokenHash, entry, now, mark) {
      if (!isEnabled() || mark !== drops) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { ...entry, storedAt: now });
    },
    async userFact<T>(userId: string, name: string, now: number, load: () => Promise<T>): Promise<T> {
      const key = factKey(userId, name);
      const known = isEnabled() ? facts.get(key) : undefined;
      if (known && now - known.storedAt < ttlMs) return known.value as T;
      const mark = drops;
      const value = await load();
      if (isEnabled() && mark === drops) {
        if (facts.size >= MAX_ENTRIES) facts.delete(facts.keys().next().value!);
        facts.set(key, { value, storedAt: now });
      }
      return value;
    },
    async forgetUser(userId) {
      dropUser(userId);
      await channel.announceSessionChange(userId);
    },
    async forgetAll() {
      dropUser(null);
      await channel.announceSessionChange(EVERY_USER);
    },
    close() {
      stopListening();
      entries.clear();
    },
  };
}
