import { useState } from 'react';
import { Button } from '@fm/ui';
import { requestVerificationResend } from './auth-api';

export const RESEND_EMPTY_MESSAGE = 'Please enter your email address first.';
export const RESEND_FAILED_MESSAGE = 'Failed to resend verification email. Please try again.';

/** "Resend verification email" for the address in the form. */
export function ResendVerification({ email, prompt }: { email: string; prompt: string }) {
  const [state, setState] = useState<'idle' | 'sending'>('idle');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const resend = async () => {
    if (!email.trim()) {
      setResult({ tone: 'error', text: RESEND_EMPTY_MESSAGE });
      return;
    }
    setState('sending');
    setResult(null);
    try {
      const message = await requestVerificationResend(email);
      setResult({ tone: 'success', text: message || 'A new verification email is on its way.' });
    } catch {
      setResult({ tone: 'error', text: RESEND_FAILED_MESSAGE });
    } finally {
      setState('idle');
    }
  };

  return (
    <div className="auth-resend">
      <span>{prompt}</span>
      <Button variant="secondary" onClick={resend} isBusy={state === 'sending'}>
        {state === 'sending' ? 'Sending...' : 'Resend verification email'}
      </Button>
      {result && (
        <p
          className={result.tone === 'error' ? 'field__error' : 'field__hint'}
          role={result.tone === 'error' ? 'alert' : 'status'}
        >
          {result.text}
        </p>
      )}
    </div>
  );
}
