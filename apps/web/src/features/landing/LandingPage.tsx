import { Link } from 'react-router';
import { HeroStats } from './HeroStats';
import {
  AUDIENCES,
  FEATURES,
  PROBLEMS,
  STATUS_MEANING,
  TESTIMONIALS,
  type FeatureStatus,
} from './landing-content';
import { ScreenshotGallery } from './ScreenshotGallery';
import './landing.css';

export default function LandingPage() {
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Know your odds before kickoff.</h1>
        <p className="hero__lead">
          Weekly projections with honest ranges, side-by-side player comparison, and 10,000-run Monte Carlo
          simulations of your Sleeper, Yahoo and ESPN matchups.
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
        <HeroStats />
        <p className="hero__method">
          <Link to="/methodology">How the numbers are made</Link>: the model, its backtest and the simulation
          method.
        </p>
      </section>

      <section className="landing-section" aria-labelledby="problem-title">
        <h2 id="problem-title">The problem with start/sit advice</h2>
        <ul className="tile-grid">
          {PROBLEMS.map((problem) => (
            <li key={problem.title} className="card">
              <h3>{problem.title}</h3>
              <p>{problem.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section" aria-labelledby="audience-title">
        <h2 id="audience-title">Who it is for</h2>
        <ul className="tile-grid">
          {AUDIENCES.map((audience) => (
            <li key={audience.title} className="card">
              <h3>{audience.title}</h3>
              <p>{audience.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section" aria-labelledby="features-title">
        <h2 id="features-title">What works today</h2>
        <p className="landing-section__lead">
          Each feature says where it stands: <StatusBadge status="Live" /> {STATUS_MEANING.Live}{' '}
          <StatusBadge status="Improving" /> {STATUS_MEANING.Improving} <StatusBadge status="Coming" />{' '}
          {STATUS_MEANING.Coming}
        </p>
        <ul className="feature-list">
          {FEATURES.map((feature) => (
            <li key={feature.name} className="card card--enhanced feature">
              <div className="feature__heading">
                <h3>{feature.to ? <Link to={feature.to}>{feature.name}</Link> : feature.name}</h3>
                <StatusBadge status={feature.status} />
              </div>
              <p>{feature.description}</p>
              <p className="feature__today">{feature.today}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section" aria-labelledby="screenshots-title">
        <h2 id="screenshots-title">See it</h2>
        <p className="landing-section__lead">
          Screenshots of this app, regenerated from the real pages with every release.
        </p>
        <ScreenshotGallery />
      </section>

      <section className="landing-section" aria-labelledby="stories-title">
        <h2 id="stories-title">Family league stories</h2>
        <p className="landing-section__lead">
          Illustrative stories: these people and quotes are made up to show who the product is for. They are
          not testimonials from real users.
        </p>
        <ul className="tile-grid">
          {TESTIMONIALS.map((story) => (
            <li key={story.name} className="card story">
              <blockquote>
                <p>{story.text}</p>
              </blockquote>
              <p className="story__who">{story.name} (fictional)</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section final-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Set your lineup with the odds in front of you</h2>
        <p>
          Free to use. Projections and comparisons need no account; linking leagues and simulating matchups
          do.
        </p>
        <div className="hero__actions">
          <Link to="/register" className="button button--primary">
            Create a free account
          </Link>
          <Link to="/projections" className="button button--secondary">
            See this week’s projections
          </Link>
          <Link to="/login" className="button button--ghost">
            I already have an account
          </Link>
        </div>
      </section>
    </div>
  );
}

function StatusBadge({ status }: { status: FeatureStatus }) {
  return <span className={`status-badge status-badge--${status.toLowerCase()}`}>{status}</span>;
}
