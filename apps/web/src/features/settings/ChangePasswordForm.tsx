import { Banner, Button } from '@fm/ui';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage, requestPasswordChange } from '../auth/auth-api';
import { meetsPasswordRules, PASSWORD_RULES_UNMET_MESSAGE } from '../auth/password-rules';
import { NewPasswordFields, PasswordField } from '../auth/PasswordField';
import { PASSWORDS_DIFFER_MESSAGE } from '../auth/ResetPasswordPage';

export const CHANGE_PASSWORD_FAILED_MESSAGE = 'Failed to change your password. Please try again.';

/** Settings → Account: a new password, given the current one; other devices are signed out. */
export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isSaving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword) return setOutcome({ tone: 'error', text: 'Please enter your current password.' });
    if (!meetsPasswordRules(newPassword))
      return setOutcome({ tone: 'error', text: PASSWORD_RULES_UNMET_MESSAGE });
    if (newPassword !== confirmation) return setOutcome({ tone: 'error', text: PASSWORDS_DIFFER_MESSAGE });
    setSaving(true);
    setOutcome(null);
    try {
      const message = await requestPasswordChange(currentPassword, newPassword);
      setOutcome({ tone: 'success', text: message || 'Your password has been changed.' });
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
    } catch (failure) {
      setOutcome({ tone: 'error', text: errorMessage(failure, CHANGE_PASSWORD_FAILED_MESSAGE) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>Change password</h2>
      {outcome && <Banner tone={outcome.tone}>{outcome.text}</Banner>}
      <form className="form settings-form" onSubmit={submit} noValidate>
        <fieldset disabled={isSaving}>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            required
          />
          <NewPasswordFields
            label="New password"
            password={newPassword}
            onPasswordChange={setNewPassword}
            confirmation={{ value: confirmation, onChange: setConfirmation }}
          />
          <Button type="submit" variant="primary" isBusy={isSaving}>
            {isSaving ? 'Saving...' : 'Change Password'}
          </Button>
        </fieldset>
      </form>
    </section>
  );
}
