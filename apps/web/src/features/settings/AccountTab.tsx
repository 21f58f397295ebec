import { Banner, Button, Dialog } from '@fm/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { appErrorCode } from '../../lib/app-error';
import { errorMessage, requestAccountDeletion } from '../auth/auth-api';
import { useAuth } from '../auth/auth-context';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PasswordField } from '../auth/PasswordField';

/** Shown when deleting the account fails without a message. */
export const DELETE_ACCOUNT_FAILED_MESSAGE = 'Failed to delete account. Please try again.';

/** Settings → Account: who is signed in, and the Danger Zone. */
export function AccountTab() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [isConfirming, setConfirming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const closeDialog = () => {
    setConfirming(false);
    setPassword('');
    setPasswordError(null);
  };

  const deleteAccount = async () => {
    if (!password) return setPasswordError('Please enter your current password.');
    setDeleting(true);
    setError(null);
    setPasswordError(null);
    try {
      await requestAccountDeletion(password);
      closeDialog();
      await logout();
      navigate('/', { replace: true });
    } catch (failure) {
      const code = appErrorCode(failure);
      // A wrong (or too often wrong) password is told in the dialog, which stays open to retry.
      if (code === 'INVALID_PASSWORD' || code === 'RATE_LIMITED' || code === 'VALIDATION_ERROR') {
        setPasswordError(errorMessage(failure, DELETE_ACCOUNT_FAILED_MESSAGE));
      } else {
        closeDialog();
        setError(DELETE_ACCOUNT_FAILED_MESSAGE);
      }
    } finally {
      setDeleting(false);
    }
  };

  if (!user) return null;
  return (
    <div className="settings-account">
      <dl className="settings-facts">
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd className="settings-role">{user.role}</dd>
        </div>
      </dl>

      <ChangePasswordForm />
      <ChangeEmailForm currentEmail={user.email} />

      <section className="danger-zone" aria-labelledby="danger-zone-title">
        <h2 id="danger-zone-title">Danger Zone</h2>
        <p>
          Deleting your account removes your login, your league connections and your settings. This cannot be
          undone.
        </p>
        {error && <Banner tone="error">{error}</Banner>}
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete My Account
        </Button>
      </section>

      <Dialog
        open={isConfirming}
        role="alertdialog"
        title="Delete your account?"
        onClose={isDeleting ? undefined : closeDialog}
        actions={
          <>
            <Button variant="secondary" onClick={closeDialog} disabled={isDeleting}>
              Cancel
            </Button>
            <Button variant="danger" onClick={deleteAccount} isBusy={isDeleting}>
              {isDeleting ? 'Deleting...' : 'Yes, Delete My Account'}
            </Button>
          </>
        }
      >
        <p>
          You are about to permanently delete the account <strong>{user.email}</strong>. This action is
          irreversible. Are you sure you want to proceed?
        </p>
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void deleteAccount();
          }}
        >
          {passwordError && <Banner tone="error">{passwordError}</Banner>}
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={isDeleting}
            required
          />
        </form>
      </Dialog>
    </div>
  );
}
