import { Banner } from '@fm/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmEmailChange, errorMessage } from './auth-api';
import { useAuth } from './auth-context';
import './auth.css';

export const CONFIRM_EMAIL_FAILED_MESSAGE =
  'This email confirmation link is invalid or has expired. Please ask for a new one from Settings.';

type Outcome = { status: 'working' } | { status: 'done' | 'failed'; message: string };

/** `/confirm-email?token=…`, the link mailed to a new address: moves the account there. */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, refreshUser } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { status: 'working' } : { status: 'failed', message: CONFIRM_EMAIL_FAILED_MESSAGE },
  );
  // A link works once: React's development double effect must not spend it twice.
  const hasSent = useRef(false);

  useEffect(() => {
    if (!token || hasSent.current) return;
    hasSent.current = true;
    confirmEmailChange(token)
      .then((message) => {
        setOutcome({ status: 'done', message });
        void refreshUser().catch(() => undefined);
      })
      .catch((failure: unknown) =>
        setOutcome({ status: 'failed', message: errorMessage(failure, CONFIRM_EMAIL_FAILED_MESSAGE) }),
      );
  }, [token, refreshUser]);

  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>Confirm Your New Email</h1>
        {outcome.status === 'working' ? (
          <p role="status">Confirming your new email address...</p>
        ) : (
          <Banner tone={outcome.status === 'done' ? 'success' : 'error'}>{outcome.message}</Banner>
        )}
        <div className="auth-links">
          {user ? (
            <Link to="/settings?tab=account">Back to Settings</Link>
          ) : (
            <Link to="/login">Go to Log In</Link>
          )}
        </div>
      </div>
    </section>
  );
}
