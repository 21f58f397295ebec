import { Banner, Button } from '@fm/ui';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { appErrorCode } from '../../lib/app-error';
import { useAuth } from './auth-context';
import { credentialsProblem } from './password-rules';
import { PasswordField } from './PasswordField';
import { ResendVerification } from './ResendVerification';
import { SESSION_EXPIRED_MESSAGE } from './SessionNotices';
import './auth.css';
import { EmailField } from './EmailField';

export const EMAIL_VERIFIED_MESSAGE = 'Your email has been verified! You can now log in.';
const NEEDS_VERIFICATION = /verify your email/i;

/**
 * What `?error=` and `?message=` may say: a code from these lists (the server's redirects send
 * them), never text from the URL, so a crafted link cannot make the page say anything else.
 */
export const LOGIN_ERROR_CODES: Record<string, string> = {
  'invalid-verification-link': 'This verification link is invalid or has expired. Please request a new one.',
  'invalid-cancel-link':
    'This link is invalid or has expired, so nothing was cancelled. If your email changed without you, reset your password.',
  'invalid-undo-link':
    'This link is invalid or has expired, so your email was not changed back. Please contact support.',
};
export const LOGIN_MESSAGE_CODES: Record<string, string> = {
  'email-change-cancelled':
    'The email change was cancelled; your email stays the same. If you did not ask for it, reset your password.',
};
const fromList = (list: Record<string, string>, code: string | null) =>
  code !== null && Object.hasOwn(list, code) ? list[code] : undefined;

interface Notice {
  tone: 'success' | 'error' | 'info' | 'warning';
  text: string;
}

/** Banners from the query string (`verified`, `error`, `message`), navigation state and an expired session. */
function useLoginNotices(): Notice[] {
  const [params] = useSearchParams();
  const location = useLocation();
  const { hasSessionExpired, signOutNotice } = useAuth();
  const notices: Notice[] = [];
  if (hasSessionExpired) {
    // the expired-session line always, plus why the session ended when the server said
    notices.push({
      tone: 'warning',
      text: signOutNotice ? `${SESSION_EXPIRED_MESSAGE} ${signOutNotice}` : SESSION_EXPIRED_MESSAGE,
    });
  }
  if (params.get('verified') === 'true') notices.push({ tone: 'success', text: EMAIL_VERIFIED_MESSAGE });
  const error = fromList(LOGIN_ERROR_CODES, params.get('error'));
  if (error) notices.push({ tone: 'error', text: error });
  const message = fromList(LOGIN_MESSAGE_CODES, params.get('message'));
  if (message) notices.push({ tone: 'info', text: message });
  const stateMessage = (location.state as { message?: unknown } | null)?.message;
  if (typeof stateMessage === 'string' && stateMessage) notices.push({ tone: 'success', text: stateMessage });
  return notices;
}

export default function LoginPage() {
  const { login, isLoggingIn } = useAuth();
  const notices = useLoginNotices();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isRateLimited, setRateLimited] = useState(false);
  const rememberId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = credentialsProblem(email, password);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setRateLimited(false);
    try {
      // On success the signed-out guard sends the user on (to /link-leagues or /).
      await login(email, password, rememberMe);
    } catch (failure) {
      setError((failure as Error).message);
      const cause = (failure as Error).cause;
      setRateLimited(appErrorCode(cause) === 'RATE_LIMITED');
    }
  };

  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>Log In</h1>
        <p className="auth-card__lead">Welcome back. Log in to simulate your matchups.</p>
        {notices.map((notice) => (
          <Banner key={`${notice.tone}:${notice.text}`} tone={notice.tone}>
            {notice.text}
          </Banner>
        ))}
        {error && <Banner tone="error">{error}</Banner>}
        {isRateLimited && (
          <p className="auth-card__lead">
            <Link to="/forgot-password">Get a sign-in link by email</Link> (it sets a new password and works
            at once).
          </p>
        )}
        {error && NEEDS_VERIFICATION.test(error) && (
          <ResendVerification email={email} prompt="Didn't get the verification email?" />
        )}
        <form className="form auth-form" onSubmit={submit} noValidate>
          <fieldset disabled={isLoggingIn}>
            <EmailField value={email} onChange={setEmail} />
            <PasswordField
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
            <label className="checkbox-field" htmlFor={rememberId}>
              <input
                id={rememberId}
                type="checkbox"
                checked={rememberMe}
                onChange={(event) => setRememberMe(event.target.checked)}
              />
              Remember me for 30 days
            </label>
            <Button type="submit" variant="primary" isBusy={isLoggingIn}>
              {isLoggingIn ? 'Logging in...' : 'Log In'}
            </Button>
          </fieldset>
        </form>
        <div className="auth-links">
          <Link to="/forgot-password">Forgot Password?</Link>
          <span>
            No account? <Link to="/register">Sign up</Link>
          </span>
        </div>
      </div>
    </section>
  );
}
