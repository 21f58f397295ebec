import { Link } from 'react-router';

export default function LandingPage() {
  return (
    <div className="landing">
      <section className="hero">
        <h1>Know your odds before kickoff.</h1>
        <p className="hero__lead">
          Weekly projections with honest ranges, side-by-side player comparison, and 10,000-run Monte Carlo
          simulations of your Sleeper and Yahoo matchups.
        </p>
        <div className="hero__actions">
          <Link to="/register" className="button button--primary">
            Get started free
          </Link>
          <Link to="/projections" className="button button--secondary">
            Browse projections
          </Link>
          <Link to="/login" className="button button--ghost">
            Log in
          </Link>
        </div>
      </section>
    </div>
  );
}
