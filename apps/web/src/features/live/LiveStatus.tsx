import type { LiveUpdatesState } from './use-live-updates';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** What the freshness badge says: nothing until connected, then "live" or "paused", and the data's time. */
export function liveStatusText(state: LiveUpdatesState): string {
  const updated = state.changedAt ? `updated ${timeOf(state.changedAt)}` : null;
  if (state.status === 'connecting') return '';
  if (state.status === 'paused') {
    return ['Live updates paused — reconnecting', updated].filter(Boolean).join(' · ');
  }
  return ['Live', updated].filter(Boolean).join(' · ');
}

/**
 * A small badge in the footer (in the page's flow, so it never covers content): how fresh the data on screen is.
 * Polite and atomic, and it changes at most once per data change, so a screen reader is not chatty.
 */
export function LiveStatus({ state }: { state: LiveUpdatesState }) {
  const text = liveStatusText(state);
  return (
    <p
      className={`live-status live-status--${state.status}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {text && (
        <>
          <span className="live-status__dot" aria-hidden="true" />
          {text}
        </>
      )}
    </p>
  );
}
