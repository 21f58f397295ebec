import type { ErrorCode } from '@fm/contract';
import { Banner, Button } from '@fm/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { appErrorCode } from '../../lib/app-error';
import { requestPasswordResetMail } from './auth-api';
import './auth.css';
import { EmailField } from './EmailField';

/** Shown when the reset request fails without a message. */
export const FORGOT_PASSWORD_FAILED_MESSAGE = 'An error occurred. Please try again.';
/** A rate limit or a malformed address is worth saying; anything else gets the generic message. */
const EXPLAINED_CODES: ReadonlySet<ErrorCode | undefined> = new Set([
  'RATE_LIMITED',
  'VALIDATION_ERROR',
  'BAD_REQUEST',
]);

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [isSending, setSending] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setResult(null);
    try {
      const message = await requestPasswordResetMail(email);
      setResult({ tone: 'success', text: message || 'Check your inbox for a password reset link.' });
    } catch (failure) {
      const isExplained = EXPLAINED_CODES.has(appErrorCode(failure));
      setResult({
        tone: 'error',
        text: isExplained ? (failure as Error).message : FORGOT_PASSWORD_FAILED_MESSAGE,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>Forgot Password</h1>
        <p className="auth-card__lead">
          Enter your email and we will send you a link to choose a new password.
        </p>
        {result && <Banner tone={result.tone}>{result.text}</Banner>}
        <form className="form auth-form" onSubmit={submit}>
          <fieldset disabled={isSending}>
            <EmailField value={email} onChange={setEmail} />
            <Button type="submit" variant="primary" isBusy={isSending}>
              {isSending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </fieldset>
        </form>
        <div className="auth-links">
          <Link to="/login">Back to Log In</Link>
        </div>
      </div>
    </section>
  );
}
