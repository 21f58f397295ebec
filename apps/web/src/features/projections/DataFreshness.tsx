import { describeSources, timeAgo } from '../../lib/data-sources';

/** "Updated 3 hours ago from our model, fed by Sleeper": when the shown data last changed and where it is from. */
export function DataFreshness({
  updatedAt,
  sources,
}: {
  updatedAt: string | null;
  sources: readonly string[];
}) {
  if (!updatedAt) return null;
  return (
    <p className="data-freshness">
      Updated{' '}
      <time dateTime={updatedAt} title={new Date(updatedAt).toLocaleString()}>
        {timeAgo(updatedAt)}
      </time>{' '}
      from {describeSources(sources)}
    </p>
  );
}
