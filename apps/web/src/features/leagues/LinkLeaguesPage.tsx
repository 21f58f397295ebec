import { Banner, Button, Spinner } from '@fm/ui';
import { Link, useSearchParams } from 'react-router';
import { EspnLinkCard } from './EspnLinkCard';
import { SleeperLinkCard } from './SleeperLinkCard';
import { YahooLinkCard } from './YahooLinkCard';
import { useConnections } from './leagues-queries';
import './leagues.css';

export const YAHOO_LINKED_MESSAGE = 'Your Yahoo account is linked.';
export const YAHOO_LINK_FAILED_MESSAGE = 'Yahoo linking failed. Please try again.';
/**
 * The sentences the Yahoo callback may send back in `?error=`; anything else in the URL (a
 * crafted link) shows only the generic failure, never its own text.
 */
const YAHOO_CALLBACK_ERRORS = new Set([
  'Yahoo linking was cancelled.',
  'Yahoo did not send an authorization code.',
  'The Yahoo link request expired or was not yours. Please try again.',
  'Yahoo linking is not configured on this server.',
  'Yahoo did not accept the sign-in. Please try linking Yahoo again.',
  YAHOO_LINK_FAILED_MESSAGE,
]);
const yahooErrorText = (error: string) =>
  YAHOO_CALLBACK_ERRORS.has(error) ? error : YAHOO_LINK_FAILED_MESSAGE;

/** /link-leagues: link Sleeper (username), Yahoo (OAuth) and ESPN leagues (id), see and remove the links. */
export default function LinkLeaguesPage() {
  const connections = useConnections();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('linked') === 'yahoo' ? 'linked' : params.get('error');
  const clearOutcome = () => setParams({}, { replace: true });

  return (
    <section className="page link-leagues">
      <h1>Link Your Leagues</h1>
      <p className="link-leagues__lead">
        Connect the fantasy accounts you play on. We read your leagues and rosters; we never change them.
      </p>
      {outcome === 'linked' && (
        <Banner tone="success" onDismiss={clearOutcome}>
          {YAHOO_LINKED_MESSAGE}
        </Banner>
      )}
      {outcome && outcome !== 'linked' && (
        <Banner tone="error" onDismiss={clearOutcome}>
          {yahooErrorText(outcome)}
        </Banner>
      )}
      {connections.isPending && <Spinner label="Loading your connections" />}
      {connections.isError && (
        <Banner tone="error">
          {connections.error.message}{' '}
          <Button variant="ghost" onClick={() => void connections.refetch()}>
            Try Again
          </Button>
        </Banner>
      )}
      {connections.data && (
        <>
          <div className="link-grid">
            <SleeperLinkCard status={connections.data.sleeper} />
            <YahooLinkCard status={connections.data.yahoo} />
            <EspnLinkCard status={connections.data.espn} />
          </div>
          {connections.data.hasLinkedLeagues && (
            <p>
              <Link to="/" className="button button--primary">
                View Your Leagues
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
