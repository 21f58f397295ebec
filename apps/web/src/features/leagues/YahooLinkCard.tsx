import { Banner, Button } from '@fm/ui';
import { useState } from 'react';
import { type ConnectionsStatus, startYahooLink, useDisconnect } from './leagues-queries';

/** Link Yahoo through its consent page (OAuth), or show the link and unlink it. */
export function YahooLinkCard({ status }: { status: ConnectionsStatus['yahoo'] }) {
  const disconnect = useDisconnect('yahoo');
  const [isRedirecting, setRedirecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const connect = async () => {
    setRedirecting(true);
    setError(null);
    try {
      await startYahooLink();
    } catch (failure) {
      setRedirecting(false);
      setError(failure instanceof Error ? failure.message : 'Could not start Yahoo linking.');
    }
  };

  return (
    <section className="card link-card" aria-labelledby="yahoo-link-title">
      <h2 id="yahoo-link-title">
        <span className="platform-badge platform-badge--yahoo">Yahoo</span>
      </h2>
      {status.connected ? (
        <>
          <p className="link-card__status" role="status">
            Connected (Yahoo user ID <strong>{status.userId}</strong>)
          </p>
          {disconnect.isError && <Banner tone="error">{disconnect.error.message}</Banner>}
          <Button variant="secondary" onClick={() => disconnect.mutate()} isBusy={disconnect.isPending}>
            Disconnect Yahoo
          </Button>
        </>
      ) : !status.available ? (
        <>
          <p className="link-card__status">Not available</p>
          <p className="field__hint" id="yahoo-unavailable">
            Yahoo linking is not set up on this server. Sleeper and ESPN leagues can be linked.
          </p>
          <Button disabled aria-describedby="yahoo-unavailable">
            Connect Yahoo
          </Button>
        </>
      ) : (
        <>
          <p className="link-card__status">Not connected</p>
          <p className="field__hint">You will sign in on Yahoo and come back here.</p>
          {error && <Banner tone="error">{error}</Banner>}
          <Button onClick={() => void connect()} isBusy={isRedirecting}>
            Connect Yahoo
          </Button>
        </>
      )}
    </section>
  );
}
