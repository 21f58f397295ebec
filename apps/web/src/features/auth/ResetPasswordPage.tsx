import { Banner, Button } from '@fm/ui';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, requestPasswordReset } from './auth-api';
import { meetsPasswordRules, PASSWORD_RULES_UNMET_MESSAGE } from './password-rules';
import { NewPasswordFields } from './PasswordField';
import './auth.css';

/** What the reset form says when the passwords differ, the reset fails or the link has no token. */
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match.';
export const RESET_FAILED_MESSAGE = 'Failed to reset password.';
export const MISSING_TOKEN_MESSAGE =
  'This password reset link is invalid or has expired. Please request a new one.';

/** Shown when the verification link was followed outside the browser that registered (`verified=true`). */
export const VERIFIED_CHOOSE_PASSWORD_MESSAGE =
  'Your email is verified. For your safety, choose your password here: a password set before the address was proven is not kept.';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmation) return setError(PASSWORDS_DIFFER_MESSAGE);
    if (!meetsPasswordRules(password)) return setError(PASSWORD_RULES_UNMET_MESSAGE);
    setError(null);
    setSaving(true);
    try {
      const message = await requestPasswordReset(token, password);
      navigate('/login', {
        replace: true,
        state: { message: message || 'Your password has been reset. Please log in.' },
      });
    } catch (failure) {
      setError(errorMessage(failure, RESET_FAILED_MESSAGE));
      setSaving(false);
    }
  };

  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>Choose a New Password</h1>
        {!token ? (
          <>
            <Banner tone="error">{MISSING_TOKEN_MESSAGE}</Banner>
            <Link to="/forgot-password">Request a new reset link</Link>
          </>
        ) : (
          <>
            {params.get('verified') === 'true' && (
              <Banner tone="success">{VERIFIED_CHOOSE_PASSWORD_MESSAGE}</Banner>
            )}
            {error && <Banner tone="error">{error}</Banner>}
            <form className="form auth-form" onSubmit={submit} noValidate>
              <fieldset disabled={isSaving}>
                <NewPasswordFields
                  label="New password"
                  password={password}
                  onPasswordChange={setPassword}
                  confirmation={{ value: confirmation, onChange: setConfirmation }}
                />
                <Button type="submit" variant="primary" isBusy={isSaving}>
                  {isSaving ? 'Resetting...' : 'Reset Password'}
                </Button>
              </fieldset>
            </form>
          </>
        )}
        <div className="auth-links">
          <Link to="/login">Back to Log In</Link>
        </div>
      </div>
    </section>
  );
}
