import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { requestUndoEmailChange } from './auth-api';
import { AccountLinkAction } from './AccountLinkAction';

export const UNDO_LINK_FAILED_MESSAGE =
  'This link is invalid or has expired, so your email was not changed back. Please contact support.';

/**
 * `/undo-email-change?token=…`, the "this wasn't me" link mailed to the old address after an email
 * change: on confirmation the account moves back, and its owner chooses a new password.
 */
export default function UndoEmailChangePage() {
  const navigate = useNavigate();
  const act = useCallback(
    async (token: string) => {
      const { message, choosePasswordToken } = await requestUndoEmailChange(token);
      void navigate(`/reset-password?token=${encodeURIComponent(choosePasswordToken)}&verified=true`, {
        replace: true,
      });
      return message;
    },
    [navigate],
  );
  return (
    <AccountLinkAction
      title="Take Back Your Account"
      explanation={
        <>
          <p>If you did not change your email, take your account back:</p>
          <ul>
            <li>its email goes back to this address;</li>
            <li>every device signed in to it is signed out;</li>
            <li>its password stops working, and you choose a new one next.</li>
          </ul>
          <p>If you changed the email yourself, close this page: nothing changes.</p>
        </>
      }
      actionLabel="Move My Account Back"
      workingLabel="Moving your account back..."
      invalidMessage={UNDO_LINK_FAILED_MESSAGE}
      act={act}
    />
  );
}
