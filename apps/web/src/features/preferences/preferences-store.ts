import { defaultPreferences, PREFERENCES_STORAGE_KEY, type Preferences } from './preferences-defaults';
import { migratePreferences } from './preferences-migration';

/**
 * The preferences kept in localStorage under one key. Reads return the same object until the
 * stored text changes (so React can compare snapshots); writes notify every subscriber, and a
 * change made in another tab arrives through the `storage` event.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let snapshot: { raw: string | null; preferences: Preferences } | null = null;
/** Set when the browser refuses to store (quota, privacy mode): changes then live for this page only. */
let memoryOnlyRaw: string | null | undefined;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings): preferences live for this page only
  }
}

function readRaw(): string | null {
  if (memoryOnlyRaw !== undefined) return memoryOnlyRaw;
  try {
    return storage()?.getItem(PREFERENCES_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function parse(raw: string | null): Preferences {
  if (raw === null) return defaultPreferences();
  try {
    return migratePreferences(JSON.parse(raw));
  } catch {
    return defaultPreferences(); // unreadable text: start again from the defaults
  }
}

export function getPreferences(): Preferences {
  const raw = readRaw();
  if (snapshot && snapshot.raw === raw) return snapshot.preferences;
  snapshot = { raw, preferences: parse(raw) };
  return snapshot.preferences;
}

export function savePreferences(next: Preferences): void {
  const raw = JSON.stringify(next);
  try {
    const target = storage();
    if (!target) throw new Error('no storage');
    target.setItem(PREFERENCES_STORAGE_KEY, raw);
  } catch {
    memoryOnlyRaw = raw;
  }
  if (memoryOnlyRaw !== undefined) memoryOnlyRaw = raw;
  snapshot = { raw, preferences: next };
  notify();
}

export function updatePreferences(change: (current: Preferences) => Preferences): Preferences {
  const next = change(getPreferences());
  savePreferences(next);
  return next;
}

export function resetPreferences(): void {
  savePreferences(defaultPreferences());
}

export function subscribePreferences(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined')
      window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent) {
  if (event.key === PREFERENCES_STORAGE_KEY || event.key === null) notify();
}

function notify() {
  for (const listener of [...listeners]) listener();
}
