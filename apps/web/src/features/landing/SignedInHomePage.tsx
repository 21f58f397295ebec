import { Link } from 'react-router';
import { useAuth } from '../auth/auth-context';

export default function SignedInHomePage() {
  const { user } = useAuth();
  return (
    <section className="page">
      <h1>Welcome back</h1>
      <p>Signed in as {user?.email}.</p>
      <Link to="/projections" className="button button--primary">
        This week&apos;s projections
      </Link>
    </section>
  );
}
