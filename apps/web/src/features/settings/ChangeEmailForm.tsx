import { Banner, Button } from '@fm/ui';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage, requestEmailChange } from '../auth/auth-api';
import { looksLikeEmail } from '../auth/password-rules';
import { PasswordField } from '../auth/PasswordField';

export const CHANGE_EMAIL_FAILED_MESSAGE = 'Failed to request the email change. Please try again.';

/**
 * Settings → Account: asks for a new address and the password; the server mails a link to
 * the new address and the email changes only when it is followed.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isSaving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const emailId = useId();
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeEmail(newEmail))
      return setOutcome({ tone: 'error', text: 'Please provide a valid email address' });
    if (newEmail.trim().toLowerCase() === currentEmail.toLowerCase())
      return setOutcome({ tone: 'error', text: 'That is already your email address.' });
    if (!password) return setOutcome({ tone: 'error', text: 'Please enter your current password.' });
    setSaving(true);
    setOutcome(null);
    try {
      const message = await requestEmailChange(password, newEmail);
      setOutcome({ tone: 'success', text: message || 'We sent a confirmation link to the new address.' });
      setNewEmail('');
      setPassword('');
    } catch (failure) {
      setOutcome({ tone: 'error', text: errorMessage(failure, CHANGE_EMAIL_FAILED_MESSAGE) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>Change email</h2>
      <p className="settings-hint">
        We send a link to the new address; your email changes when you follow it.
      </p>
      {outcome && <Banner tone={outcome.tone}>{outcome.text}</Banner>}
      <form className="form settings-form" onSubmit={submit} noValidate>
        <fieldset disabled={isSaving}>
          <div className="field">
            <label htmlFor={emailId}>New email</label>
            <input
              id={emailId}
              className="input"
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(event) => setNewEmail(event.target.value)}
              required
            />
          </div>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <Button type="submit" variant="primary" isBusy={isSaving}>
            {isSaving ? 'Sending...' : 'Send Confirmation Link'}
          </Button>
        </fieldset>
      </form>
    </section>
  );
}
