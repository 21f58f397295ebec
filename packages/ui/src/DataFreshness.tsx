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

/** A time shown as "3 hours ago", with the exact time on hover. */
export function TimeAgo({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {timeAgo(iso)}
    </time>
  );
}

export interface DataFreshnessProps {
  /** When the data shown last changed (ISO time); nothing is shown without it. */
  updatedAt: string | null;
  /** Where it comes from, e.g. "our model, fed by Sleeper". */
  from: string;
  /** What was updated; default "Updated". */
  label?: string;
}

/** "Updated 3 hours ago from our model, fed by Sleeper": how fresh the data on a page is. */
export function DataFreshness({ updatedAt, from, label = 'Updated' }: DataFreshnessProps) {
  if (!updatedAt) return null;
  return (
    <p className="data-freshness">
      {label} <TimeAgo iso={updatedAt} /> from {from}
    </p>
  );
}
