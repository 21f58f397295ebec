/** How each projection source is named on the pages (the API's `source` values). */
const SOURCE_LABELS: Record<string, string> = {
  model: 'our model',
  nflcom: 'NFL.com',
  sleeper: 'Sleeper',
  import: 'an admin import',
};

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? source;
}

/** ['model', 'sleeper'] → "our model, fed by Sleeper"; ['nflcom'] → "NFL.com". */
export function describeSources(sources: readonly string[]): string {
  const experts = sources.filter((source) => source !== 'model').map(sourceLabel);
  if (!sources.includes('model')) return experts.join(' and ') || 'no source';
  const fed = experts.filter((label) => label !== SOURCE_LABELS.import);
  return fed.length > 0 ? `our model, fed by ${fed.join(' and ')}` : 'our model';
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago"; older: the date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'} ago`;
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return count(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return count(Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < 7 * DAY_MS) return count(Math.floor(elapsed / DAY_MS), 'day');
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
