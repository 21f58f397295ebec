import type { TradeSuggestion } from '@fm/contract';
import { Banner, Button } from '@fm/ui';
import { useState } from 'react';
import type { LeagueDetails } from '../simulate/shared/league-details';
import { type LeagueRef, useTradeSuggestions } from './rest-of-season-queries';
import { RosMeta } from './RosMeta';
import { playerLabels, rosterName } from './trade-players';
import { TradeSides } from './TradeSides';
import { useElapsedSeconds } from './use-elapsed-seconds';

/** A 12-team league's search takes up to about this long: the progress bar fills over it. */
const EXPECTED_SEARCH_SECONDS = 10;

function SearchProgress({ elapsed, onStop }: { elapsed: number; onStop(): void }) {
  const seconds = Math.floor(elapsed);
  return (
    <div className="trade-finder__progress">
      <label htmlFor="trade-search-progress">
        Searching every 1-for-1 and 2-for-1 swap with every team… {seconds} s
        {elapsed > EXPECTED_SEARCH_SECONDS
          ? ' (taking longer than usual)'
          : ` of about ${EXPECTED_SEARCH_SECONDS} s`}
      </label>
      <progress
        id="trade-search-progress"
        max={EXPECTED_SEARCH_SECONDS}
        value={Math.min(elapsed, EXPECTED_SEARCH_SECONDS)}
      />
      <Button variant="secondary" onClick={onStop}>
        Stop
      </Button>
    </div>
  );
}

function Suggestion({
  suggestion,
  details,
  labelOf,
}: {
  suggestion: TradeSuggestion;
  details: LeagueDetails;
  labelOf(playerId: string): string;
}) {
  const partner = rosterName(details, suggestion.partner_roster_id);
  return (
    <li className="trade-suggestion">
      <p className="trade-suggestion__deal">
        <span>
          <strong>You give</strong> {suggestion.give.map(labelOf).join(', ')}
        </span>{' '}
        <span>
          <strong>you get</strong> {suggestion.get.map(labelOf).join(', ')} from {partner}
        </span>
      </p>
      <p className="trade-suggestion__reason">{suggestion.reason}</p>
      <TradeSides analysis={suggestion} partnerName={partner} />
    </li>
  );
}

/** "Find win-win trades": swaps after which both teams' best line-ups score more, best for the caller first. */
export function TradeFinder({ league, details }: { league: LeagueRef; details: LeagueDetails }) {
  const [isRequested, setIsRequested] = useState(false);
  const { query: suggestions, cancel } = useTradeSuggestions(league, isRequested);
  const isSearching = isRequested && suggestions.isFetching;
  const elapsed = useElapsedSeconds(isSearching);
  const labelOf = playerLabels(details);
  const stop = () => {
    void cancel();
    setIsRequested(false);
  };
  return (
    <section className="card trade-finder" aria-labelledby="trade-finder-title">
      <h2 id="trade-finder-title">Win-win trades</h2>
      <p className="field__hint">
        Every 1-for-1 and 2-for-1 swap with every other team, kept only when both teams’ best line-ups score
        more over the rest of the season and every player in it changes a line-up. Each set of players you
        would get is shown once, and the first ten spread over teams (at most two with one team). Players
        without a projection are left out.
      </p>
      {!isSearching && (
        <Button onClick={() => (isRequested ? void suggestions.refetch() : setIsRequested(true))}>
          Find win-win trades
        </Button>
      )}
      <div aria-live="polite">
        {isSearching ? (
          <SearchProgress elapsed={elapsed} onStop={stop} />
        ) : isRequested && suggestions.isError ? (
          <Banner tone="error">The search failed: {suggestions.error.message}</Banner>
        ) : isRequested && suggestions.isSuccess ? (
          <>
            <RosMeta
              week={suggestions.data.week}
              simulations={suggestions.data.simulations}
              dataAsOf={suggestions.data.data_as_of}
            />
            <p className="ros-meta">
              {suggestions.data.trades_considered.toLocaleString('en-US')} swaps looked at.
            </p>
            {suggestions.data.data.length === 0 ? (
              <p className="ros-empty">
                No win-win trade: every swap that helps you would hurt the other team.
              </p>
            ) : (
              <ol className="trade-suggestions" aria-label="Win-win trades, best for you first">
                {suggestions.data.data.map((suggestion) => (
                  <Suggestion
                    key={`${suggestion.partner_roster_id}:${suggestion.give.join('+')}:${suggestion.get.join('+')}`}
                    suggestion={suggestion}
                    details={details}
                    labelOf={labelOf}
                  />
                ))}
              </ol>
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}
