import { Spinner } from '@fm/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadTimeoutError } from '../lib/lazy-page';

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner label="Loading…" />
    </div>
  );
}

interface State {
  error: Error | null;
}

/** A page that fails to load or render shows a way out instead of a blank screen. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const isLoadFailure =
      error instanceof ChunkLoadTimeoutError ||
      /dynamically imported module|Importing a module script/i.test(error.message);
    return (
      <section className="page page--narrow" role="alert">
        <h1>{isLoadFailure ? 'This page did not load' : 'Something went wrong'}</h1>
        <p>
          {isLoadFailure
            ? 'Part of the app could not be downloaded. Check your connection and try again.'
            : 'An unexpected error stopped this page. Reloading usually fixes it.'}
        </p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Retry
        </button>
      </section>
    );
  }
}
