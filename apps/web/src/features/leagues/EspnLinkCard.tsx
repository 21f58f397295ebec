import { Banner, Button } from '@fm/ui';
import { useId, useState, type FormEvent } from 'react';
import { appErrorCode } from '../../lib/app-error';
import { type ConnectionsStatus, useConnectEspn, useDisconnectEspn } from './leagues-queries';

/** The anchor the server's "private league" message points at. */
export const ESPN_COOKIES_ANCHOR = 'espn-cookies';

/**
 * Link an ESPN league by its id or address (ESPN has no list of a person's leagues), with the
 * espn_s2 and SWID browser cookies for a private league; see and unlink the linked ones.
 */
export function EspnLinkCard({ status }: { status: ConnectionsStatus['espn'] }) {
  const ids = { league: useId(), s2: useId(), swid: useId() };
  const [leagueId, setLeagueId] = useState('');
  const [espnS2, setEspnS2] = useState('');
  const [swid, setSwid] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const connect = useConnectEspn();
  const disconnect = useDisconnectEspn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!leagueId.trim()) return;
    const cookies = isPrivate ? { espnS2: espnS2.trim(), swid: swid.trim() } : {};
    connect.mutate(
      { leagueId: leagueId.trim(), ...cookies },
      {
        onSuccess: () => {
          setLeagueId('');
          setEspnS2('');
          setSwid('');
        },
        // The cookie fields the message asks for are opened for the reader.
        onError: (error) => {
          if (appErrorCode(error) === 'ESPN_LEAGUE_PRIVATE') setPrivate(true);
        },
      },
    );
  };

  return (
    <section className="card link-card" aria-labelledby="espn-link-title">
      <h2 id="espn-link-title">
        <span className="platform-badge platform-badge--espn">ESPN</span>
      </h2>
      {status.leagues.length > 0 ? (
        <ul className="espn-leagues" aria-label="Linked ESPN leagues">
          {status.leagues.map((league) => (
            <li key={league.league_id}>
              <span>
                <strong>{league.name}</strong> (ID {league.league_id})
              </span>
              <Button
                variant="secondary"
                onClick={() => disconnect.mutate({ leagueId: league.league_id })}
                isBusy={disconnect.isPending && disconnect.variables?.leagueId === league.league_id}
                aria-label={`Remove ESPN league ${league.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="link-card__status">No ESPN league linked</p>
      )}
      {disconnect.isError && <Banner tone="error">{disconnect.error.message}</Banner>}
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.league}>ESPN league ID or address</label>
          <input
            id={ids.league}
            name="leagueId"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. 31415926"
            required
            value={leagueId}
            onChange={(event) => setLeagueId(event.target.value)}
          />
          <p className="field__hint">
            The number after <code>leagueId=</code> in your league’s address, or paste the whole address.
          </p>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} />{' '}
          This league is private
        </label>
        {isPrivate && (
          <>
            <div className="field">
              <label htmlFor={ids.s2}>espn_s2 cookie</label>
              <input
                id={ids.s2}
                name="espnS2"
                autoComplete="off"
                spellCheck={false}
                value={espnS2}
                onChange={(event) => setEspnS2(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.swid}>SWID cookie</label>
              <input
                id={ids.swid}
                name="swid"
                autoComplete="off"
                spellCheck={false}
                placeholder="{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}"
                value={swid}
                onChange={(event) => setSwid(event.target.value)}
              />
            </div>
          </>
        )}
        <EspnCookiesHowTo isOpen={isPrivate} />
        {connect.isError && <Banner tone="error">{connect.error.message}</Banner>}
        <Button type="submit" isBusy={connect.isPending} disabled={!leagueId.trim()}>
          {connect.isPending ? 'Linking…' : 'Link ESPN League'}
        </Button>
      </form>
    </section>
  );
}

/** Where a private league's cookies are found, with a picture of the browser's cookie list. */
function EspnCookiesHowTo({ isOpen }: { isOpen: boolean }) {
  return (
    <details className="espn-how-to" id={ESPN_COOKIES_ANCHOR} open={isOpen || undefined}>
      <summary>How to find your ESPN cookies</summary>
      <ol>
        <li>Sign in at fantasy.espn.com in a desktop browser and open your league.</li>
        <li>
          Open the developer tools (F12, or ⌥⌘I on a Mac) → <strong>Application</strong> (Chrome, Edge) or{' '}
          <strong>Storage</strong> (Firefox) → <strong>Cookies</strong> →{' '}
          <code>https://fantasy.espn.com</code>.
        </li>
        <li>
          Copy the values of <code>espn_s2</code> and <code>SWID</code> (with its braces) into the fields
          above.
        </li>
      </ol>
      <figure className="cookie-figure">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">Domain</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>country</td>
              <td>us</td>
              <td>.espn.com</td>
            </tr>
            <tr className="is-wanted">
              <td>espn_s2</td>
              <td>AEBxk3…%3D</td>
              <td>.espn.com</td>
            </tr>
            <tr className="is-wanted">
              <td>SWID</td>
              <td>{'{1A2B3C4D-…}'}</td>
              <td>.espn.com</td>
            </tr>
          </tbody>
        </table>
        <figcaption>
          The browser’s cookie list for fantasy.espn.com: copy the two highlighted values.
        </figcaption>
      </figure>
      <p className="field__hint">
        The cookies let us read your league as you would; they are stored encrypted and never shown again.
        They expire when you sign out of ESPN: link the league again with new ones then.
      </p>
    </details>
  );
}
