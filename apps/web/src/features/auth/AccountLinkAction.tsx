import { Banner, Button } from '@fm/ui';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from './auth-api';
import './auth.css';

type Outcome = { status: 'idle' | 'working' } | { status: 'done' | 'failed'; message: string };

export interface AccountLinkActionProps {
  title: string;
  /** What pressing the button will do to the account, in plain words. */
  explanation: ReactNode;
  actionLabel: string;
  workingLabel: string;
  /** Said when the link has no token or the server gives no reason. */
  invalidMessage: string;
  /** Acts on the link's token; answers the message to show (or navigates away itself). */
  act: (token: string) => Promise<string>;
  /** Shown under the outcome once the action is done. */
  doneLinks?: ReactNode;
}

/**
 * A page opened from a mailed link that changes an account: it says what will happen and acts only
 * when the person presses the button (a POST with the CSRF token). Opening the link changes nothing,
 * so a mail scanner that follows links cannot act on it.
 */
export function AccountLinkAction(props: AccountLinkActionProps) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { status: 'idle' } : { status: 'failed', message: props.invalidMessage },
  );

  const confirm = () => {
    setOutcome({ status: 'working' });
    props
      .act(token)
      .then((message) => setOutcome({ status: 'done', message }))
      .catch((failure: unknown) =>
        setOutcome({ status: 'failed', message: errorMessage(failure, props.invalidMessage) }),
      );
  };

  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>{props.title}</h1>
        {'message' in outcome ? (
          <Banner tone={outcome.status === 'done' ? 'success' : 'error'}>{outcome.message}</Banner>
        ) : (
          <>
            <div className="auth-card__lead">{props.explanation}</div>
            <Button type="button" variant="primary" isBusy={outcome.status === 'working'} onClick={confirm}>
              {outcome.status === 'working' ? props.workingLabel : props.actionLabel}
            </Button>
          </>
        )}
        <div className="auth-links">
          {outcome.status === 'done' && props.doneLinks}
          <Link to="/login">Go to Log In</Link>
        </div>
      </div>
    </section>
  );
}
