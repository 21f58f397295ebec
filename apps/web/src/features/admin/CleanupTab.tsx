import { Banner, Button, Dialog } from '@fm/ui';
import { useId, useState } from 'react';
import { archiveUsers, cleanupAnalytics } from './data-management-api';

/** Cleanup deletes analytics events older than 1–365 days (default 90); archival, users inactive 180 days. */
export const DEFAULT_CLEANUP_DAYS = 90;
export const DEFAULT_INACTIVE_DAYS = '180';
export const EVENT_TYPE_CHOICES = [
  'page.view',
  'auth.login',
  'auth.login_failed',
  'auth.signup',
  'league.linked',
  'simulation.run',
] as const;

type Confirming = 'cleanup' | 'archive' | null;

export function CleanupTab() {
  const id = useId();
  const [days, setDays] = useState(DEFAULT_CLEANUP_DAYS);
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const [inactiveDays, setInactiveDays] = useState(DEFAULT_INACTIVE_DAYS);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const daysAreValid = Number.isInteger(days) && days >= 1 && days <= 365;

  const runCleanup = async () => {
    setConfirming(null);
    setBusy(true);
    try {
      const { data } = await cleanupAnalytics(days, eventTypes);
      setMessage({ tone: 'success', text: `Deleted ${data.deletedCount} analytics events` });
    } catch (error) {
      setMessage({ tone: 'error', text: `Failed to cleanup analytics. ${(error as Error).message}` });
    } finally {
      setBusy(false);
    }
  };

  const runArchive = async (dryRun: boolean) => {
    setConfirming(null);
    setBusy(true);
    try {
      const { data } = await archiveUsers(inactiveDays, dryRun);
      setMessage(
        data.dryRun
          ? { tone: 'info', text: `Would archive ${data.wouldArchive} inactive users` }
          : { tone: 'success', text: `Archived ${data.archivedCount} inactive users` },
      );
    } catch (error) {
      setMessage({ tone: 'error', text: `Failed to archive users. ${(error as Error).message}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="data-tab">
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      <div className="card-grid card-grid--2">
        <section className="card" aria-labelledby={`${id}-cleanup`}>
          <h3 id={`${id}-cleanup`}>Analytics events cleanup</h3>
          <div className="field">
            <label htmlFor={`${id}-days`}>Delete events older than (days)</label>
            <input
              id={`${id}-days`}
              type="number"
              min={1}
              max={365}
              value={Number.isNaN(days) ? '' : days}
              onChange={(e) => setDays(e.target.valueAsNumber)}
            />
            {!daysAreValid && <span className="field__error">Enter 1 to 365 days.</span>}
          </div>
          <fieldset className="checkbox-group">
            <legend>Event types (none chosen: all types)</legend>
            {EVENT_TYPE_CHOICES.map((type) => (
              <label key={type} className="checkbox">
                <input
                  type="checkbox"
                  checked={eventTypes.includes(type)}
                  onChange={(e) =>
                    setEventTypes((current) =>
                      e.target.checked ? [...current, type] : current.filter((t) => t !== type),
                    )
                  }
                />
                {type}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-projections`}>Projections older than (days)</label>
            <input
              id={`${id}-projections`}
              type="number"
              disabled
              placeholder="Not used"
              aria-describedby={`${id}-projections-hint`}
            />
            <span id={`${id}-projections-hint`} className="field__hint">
              Projections are kept; this option is not in use.
            </span>
          </div>
          <Button variant="danger" disabled={busy || !daysAreValid} onClick={() => setConfirming('cleanup')}>
            Clean up analytics
          </Button>
        </section>
        <section className="card" aria-labelledby={`${id}-archive`}>
          <h3 id={`${id}-archive`}>User archival</h3>
          <p className="muted">
            Disables and archives non-admin accounts with no activity for the chosen number of days, ending
            their sessions.
          </p>
          <div className="field">
            <label htmlFor={`${id}-inactive`}>Inactive for (days)</label>
            <input
              id={`${id}-inactive`}
              type="number"
              min={1}
              value={inactiveDays}
              onChange={(e) => setInactiveDays(e.target.value)}
            />
          </div>
          <div className="admin-actions">
            <Button variant="secondary" disabled={busy} onClick={() => void runArchive(true)}>
              Preview archival
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => setConfirming('archive')}>
              Archive users
            </Button>
          </div>
        </section>
      </div>
      <Dialog
        open={confirming !== null}
        role="alertdialog"
        title={confirming === 'archive' ? 'Archive inactive users?' : 'Delete analytics events?'}
        onClose={() => setConfirming(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => void (confirming === 'archive' ? runArchive(false) : runCleanup())}
            >
              {confirming === 'archive' ? 'Archive' : 'Delete events'}
            </Button>
          </>
        }
      >
        <p>
          {confirming === 'archive'
            ? `Every non-admin account inactive for ${inactiveDays} days will be disabled and archived, and signed out.`
            : `Analytics events older than ${days} days${eventTypes.length > 0 ? ` of type ${eventTypes.join(', ')}` : ''} will be deleted for good.`}
        </p>
      </Dialog>
    </div>
  );
}
