import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <section className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Fumble! Page Not Found.</h1>
      <p>The page you were looking for has been dropped somewhere on the field.</p>
      <Link to="/" className="button button--primary">
        Go Back Home
      </Link>
    </section>
  );
}
