import { Button, Dialog } from '@fm/ui';
import { useEffect, useState } from 'react';
import { IDLE_COUNTDOWN_MS } from './idle-timeout';
import './auth.css';

/** How long the "Session Expired" notice stays up. */
export const SESSION_EXPIRED_NOTICE_MS = 10_000;
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

interface SessionNoticesProps {
  /** When the session last ended as expired/revoked; each new value shows the notice again. */
  sessionExpiredAt: number | null;
  /** Why the session ended, when known; otherwise the generic expiry text is shown. */
  signOutNotice: string | null;
  idleCountdownEndsAt: number | null;
  onStayLoggedIn(): Promise<void>;
  onLogOutNow(): void;
}

export function SessionNotices(props: SessionNoticesProps) {
  return (
    <>
      <SessionExpiredNotice
        key={props.sessionExpiredAt ?? 'none'}
        expiredAt={props.sessionExpiredAt}
        reason={props.signOutNotice}
      />
      {props.idleCountdownEndsAt !== null && (
        <IdleWarningDialog
          endsAt={props.idleCountdownEndsAt}
          onStayLoggedIn={props.onStayLoggedIn}
          onLogOutNow={props.onLogOutNow}
        />
      )}
    </>
  );
}

/** "Session Expired", with the reason when the server gave one, shown for 10 seconds; the user may close it sooner. */
function SessionExpiredNotice({ expiredAt, reason }: { expiredAt: number | null; reason: string | null }) {
  const [isVisible, setVisible] = useState(expiredAt !== null);
  useEffect(() => {
    if (expiredAt === null) return;
    const timer = setTimeout(() => setVisible(false), SESSION_EXPIRED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [expiredAt]);
  if (!isVisible) return null;
  return (
    <div className="session-notice" role="alert">
      <div>
        <strong className="session-notice__title">Session Expired</strong>
        <p className="session-notice__text">
          {reason ? `${SESSION_EXPIRED_MESSAGE} ${reason}` : SESSION_EXPIRED_MESSAGE}
        </p>
      </div>
      <button
        type="button"
        className="session-notice__close"
        aria-label="Close"
        onClick={() => setVisible(false)}
      >
        ×
      </button>
    </div>
  );
}

function formatCountdown(ms: number): string {
  const totalSeconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes}:${String(totalSeconds % 60).padStart(2, '0')}`;
}

/** The idle warning: a 5-minute countdown with a progress bar, and the two ways out. */
function IdleWarningDialog({
  endsAt,
  onStayLoggedIn,
  onLogOutNow,
}: {
  endsAt: number;
  onStayLoggedIn(): Promise<void>;
  onLogOutNow(): void;
}) {
  const [now, setNow] = useState(() => Date.now());
  const [isRefreshing, setRefreshing] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const remainingMs = Math.max(0, endsAt - now);
  const percentLeft = Math.round((remainingMs / IDLE_COUNTDOWN_MS) * 100);

  const stay = async () => {
    setRefreshing(true);
    try {
      await onStayLoggedIn();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Dialog
      open
      role="alertdialog"
      title="Are you still there?"
      actions={
        <>
          <Button variant="secondary" onClick={onLogOutNow}>
            Log Out Now
          </Button>
          <Button variant="primary" onClick={stay} isBusy={isRefreshing}>
            Stay Logged In
          </Button>
        </>
      }
    >
      <p>
        You have been inactive for a while. For your security you will be logged out in{' '}
        <strong className="idle-warning__time" aria-live="off">
          {formatCountdown(remainingMs)}
        </strong>
        .
      </p>
      <div
        className="idle-warning__bar"
        role="progressbar"
        aria-label="Time left before logout"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentLeft}
        aria-valuetext={`${formatCountdown(remainingMs)} left`}
      >
        <div className="idle-warning__fill" style={{ width: `${percentLeft}%` }} />
      </div>
    </Dialog>
  );
}
