import { Banner, Button } from '@fm/ui';
import { useId, useState, type FormEvent } from 'react';
import { type ConnectionsStatus, useConnectSleeper, useDisconnect } from './leagues-queries';

/** Link Sleeper by username (checked against Sleeper by the server), or show the link and unlink it. */
export function SleeperLinkCard({ status }: { status: ConnectionsStatus['sleeper'] }) {
  const inputId = useId();
  const [username, setUsername] = useState('');
  const connect = useConnectSleeper();
  const disconnect = useDisconnect('sleeper');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return;
    connect.mutate({ username: username.trim() }, { onSuccess: () => setUsername('') });
  };

  return (
    <section className="card link-card" aria-labelledby="sleeper-link-title">
      <h2 id="sleeper-link-title">
        <span className="platform-badge platform-badge--sleeper">Sleeper</span>
      </h2>
      {status.connected ? (
        <>
          <p className="link-card__status" role="status">
            Connected as <strong>{status.username}</strong>
          </p>
          {disconnect.isError && <Banner tone="error">{disconnect.error.message}</Banner>}
          <Button variant="secondary" onClick={() => disconnect.mutate()} isBusy={disconnect.isPending}>
            Disconnect Sleeper
          </Button>
        </>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="link-card__status">Not connected</p>
          <div className="field">
            <label htmlFor={inputId}>Sleeper username</label>
            <input
              id={inputId}
              name="username"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </div>
          {connect.isError && <Banner tone="error">{connect.error.message}</Banner>}
          <Button type="submit" isBusy={connect.isPending} disabled={!username.trim()}>
            {connect.isPending ? 'Connecting…' : 'Connect Sleeper'}
          </Button>
        </form>
      )}
    </section>
  );
}
