import { Link } from 'react-router';
import { requestCancelEmailChange } from './auth-api';
import { AccountLinkAction } from './AccountLinkAction';

export const CANCEL_LINK_FAILED_MESSAGE =
  'This link is invalid or has expired, so nothing was cancelled. If your email changed without you, reset your password.';

/** `/cancel-email-change?token=…`, mailed to the current address when a change is asked for. */
export default function CancelEmailChangePage() {
  return (
    <AccountLinkAction
      title="Cancel the Email Change"
      explanation={
        <>
          <p>
            Someone signed in to your account asked to change its email. Cancel it and the link mailed to the
            new address stops working; your email stays the same.
          </p>
          <p>If you asked for the change yourself, close this page.</p>
        </>
      }
      actionLabel="Cancel the Change"
      workingLabel="Cancelling..."
      invalidMessage={CANCEL_LINK_FAILED_MESSAGE}
      act={requestCancelEmailChange}
      doneLinks={<Link to="/forgot-password">Reset my password</Link>}
    />
  );
}
