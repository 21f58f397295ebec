import { Banner, Button } from '@fm/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAuth } from './auth-context';
import { credentialsProblem, meetsPasswordRules, PASSWORD_RULES_UNMET_MESSAGE } from './password-rules';
import { NewPasswordFields } from './PasswordField';
import { ResendVerification } from './ResendVerification';
import './auth.css';
import { EmailField } from './EmailField';

const NEEDS_VERIFICATION = /verify your email/i;

export default function RegisterPage() {
  const { register } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      credentialsProblem(email, password) ??
      (meetsPasswordRules(password) ? undefined : PASSWORD_RULES_UNMET_MESSAGE);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      setSuccessMessage(await register(email, password));
      setPassword('');
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  if (successMessage) {
    return (
      <section className="auth-page">
        <div className="auth-card">
          <h1>Check Your Email</h1>
          <Banner tone="success">{successMessage}</Banner>
          <ResendVerification email={email} prompt="Didn't receive the email?" />
          <div className="auth-links">
            <Link to="/login">Go to Log In</Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>Create Your Account</h1>
        <p className="auth-card__lead">Link your leagues and run matchup simulations.</p>
        {error && <Banner tone="error">{error}</Banner>}
        {error && NEEDS_VERIFICATION.test(error) && (
          <ResendVerification email={email} prompt="Didn't get the verification email?" />
        )}
        <form className="form auth-form" onSubmit={submit} noValidate>
          <fieldset disabled={isSubmitting}>
            <EmailField value={email} onChange={setEmail} />
            <NewPasswordFields label="Password" password={password} onPasswordChange={setPassword} />
            <Button type="submit" variant="primary" isBusy={isSubmitting}>
              {isSubmitting ? 'Creating Account...' : 'Sign Up'}
            </Button>
          </fieldset>
        </form>
        <div className="auth-links">
          <span>
            Already have an account? <Link to="/login">Log in</Link>
          </span>
        </div>
      </div>
    </section>
  );
}
