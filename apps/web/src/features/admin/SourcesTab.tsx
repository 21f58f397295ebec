import type { RouterOutputs } from '@fm/api';
import { Banner, Button, Spinner, TimeAgo } from '@fm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

type DataSource = RouterOutputs['admin']['dataSync']['status']['data']['sources'][number];

/** While a sync runs, its progress is read this often. */
const RUNNING_POLL_MS = 2_000;

function seasonWeeks(list: DataSource['projectionWeeks']): string {
  if (list.length === 0) return 'none';
  return list.map(({ season, weeks }) => `${season}: ${weekRanges(weeks)}`).join(' · ');
}

/** [1,2,3,5,7,8] → "weeks 1–3, 5, 7–8". */
export function weekRanges(weeks: readonly number[]): string {
  const parts: string[] = [];
  let start = weeks[0];
  for (let i = 0; i < weeks.length; i++) {
    const week = weeks[i]!;
    if (weeks[i + 1] === week + 1) continue;
    parts.push(start === week ? String(week) : `${start}–${week}`);
    start = weeks[i + 1];
  }
  return `week${weeks.length === 1 ? '' : 's'} ${parts.join(', ')}`;
}

function When({ iso, empty }: { iso: string | null; empty: string }) {
  return iso ? <TimeAgo iso={iso} /> : <>{empty}</>;
}

function SourceCard({ source }: { source: DataSource }) {
  const isFailing = source.lastError !== null;
  return (
    <article className="card source-card" aria-labelledby={`source-${source.id}`}>
      <header className="source-card__head">
        <h3 id={`source-${source.id}`}>{source.name}</h3>
        <span
          className={`admin-badge admin-badge--${isFailing ? 'critical' : source.lastSuccessAt ? 'healthy' : 'unknown'}`}
        >
          {source.running ? 'syncing' : isFailing ? 'failing' : source.lastSuccessAt ? 'ok' : 'never loaded'}
        </span>
      </header>
      <p className="source-card__description">{source.description}</p>
      {source.running ? (
        <div className="source-card__progress">
          <progress
            max={source.running.total}
            value={source.running.done}
            aria-label={`${source.name} sync progress`}
          />
          <span>
            {source.running.step} ({source.running.done} of {source.running.total})
          </span>
        </div>
      ) : null}
      <dl className="source-card__facts">
        <dt>Schedule</dt>
        <dd>
          {source.isScheduled
            ? `every ${source.intervalMinutes} minutes`
            : source.id === 'sleeper'
              ? 'off (DATA_SYNC_MINUTES=0): only "Sync now"'
              : 'when imported'}
        </dd>
        <dt>Last attempt</dt>
        <dd>
          <When iso={source.lastAttemptAt} empty="never" />
        </dd>
        <dt>Last success</dt>
        <dd>
          <When iso={source.lastSuccessAt} empty="never" />
        </dd>
        <dt>Rows changed</dt>
        <dd>{source.lastRowsChanged ?? '–'}</dd>
        {source.nflWeek ? (
          <>
            <dt>NFL week</dt>
            <dd>
              {source.nflWeek.season}{' '}
              {source.nflWeek.seasonType === 'regular'
                ? `week ${source.nflWeek.week}`
                : source.nflWeek.seasonType}
            </dd>
          </>
        ) : null}
        <dt>Projections held</dt>
        <dd>{seasonWeeks(source.projectionWeeks)}</dd>
        {source.id === 'sleeper' ? (
          <>
            <dt>Results held</dt>
            <dd>{seasonWeeks(source.statWeeks)}</dd>
          </>
        ) : null}
      </dl>
      {isFailing ? (
        <Banner tone="error">
          Last error
          {source.consecutiveFailures > 1 ? ` (${source.consecutiveFailures} failures in a row)` : ''}:{' '}
          {source.lastError} The data held before is still served.
        </Banner>
      ) : null}
    </article>
  );
}

/** Data Management → Sources: each data source's state, and "Sync now" for the live one. */
export function SourcesTab() {
  const queryClient = useQueryClient();
  const status = useQuery({
    ...trpc.admin.dataSync.status.queryOptions(),
    refetchInterval: (query) =>
      query.state.data?.data.sources.some((source) => source.running) ? RUNNING_POLL_MS : false,
  });
  const syncNow = useMutation(
    trpc.admin.dataSync.run.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.admin.dataSync.status.queryKey(), { data: answer.data });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dataSync.status.queryKey() });
      },
    }),
  );
  const sources = status.data?.data.sources;
  const isRunning = sources?.some((source) => source.running) ?? false;

  return (
    <div className="data-tab sources-tab">
      <div className="sources-tab__actions">
        <p>
          The product keeps the current season by itself from Sleeper; NFL.com files and admin imports add to
          the same tables.
        </p>
        <Button onClick={() => syncNow.mutate()} isBusy={syncNow.isPending} disabled={isRunning}>
          {isRunning ? 'Syncing…' : 'Sync now'}
        </Button>
      </div>
      {syncNow.data && !syncNow.data.data.isStarted ? (
        <Banner tone="info">{syncNow.data.data.message}</Banner>
      ) : null}
      {syncNow.isError ? <Banner tone="error">Failed to start a sync. {syncNow.error.message}</Banner> : null}
      {status.isError ? (
        <Banner tone="error">Failed to load the data sources. {status.error.message}</Banner>
      ) : !sources ? (
        <Spinner label="Loading data sources…" />
      ) : (
        <div className="sources-tab__list">
          {sources.map((source) => (
            <SourceCard key={source.id} source={source} />
          ))}
        </div>
      )}
    </div>
  );
}
