import { Banner, Button } from '@fm/ui';
import { useId, useState } from 'react';
import type { LeagueDetails } from '../simulate/shared/league-details';
import { PlayerChecklist } from './PlayerChecklist';
import { type LeagueRef, useAnalyzeTrade } from './rest-of-season-queries';
import { playerLabels, rosterName, tradablePlayers } from './trade-players';
import { TradeSides } from './TradeSides';

/** Pick a partner, players to give and to get: both teams' gains from that trade. */
export function TradeAnalyzer({
  league,
  details,
  myRosterId,
}: {
  league: LeagueRef;
  details: LeagueDetails;
  myRosterId: number;
}) {
  const partnerFieldId = useId();
  const partners = details.rosters.filter((roster) => roster.roster_id !== myRosterId);
  const [partnerId, setPartnerId] = useState<number | null>(null);
  const [give, setGive] = useState<string[]>([]);
  const [get, setGet] = useState<string[]>([]);
  const analyze = useAnalyzeTrade();
  const isReady = partnerId !== null && give.length > 0 && get.length > 0;
  const choosePartner = (rosterId: number | null) => {
    setPartnerId(rosterId);
    setGet([]);
    analyze.reset();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isReady) return;
    analyze.mutate({
      platform: league.platform,
      leagueId: league.leagueId,
      partner_roster_id: partnerId,
      give,
      get,
    });
  };
  return (
    <section className="card trade-analyzer" aria-labelledby="trade-analyzer-title">
      <h2 id="trade-analyzer-title">Analyze a trade</h2>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={partnerFieldId}>Trade with</label>
          <select
            id={partnerFieldId}
            className="input"
            value={partnerId ?? ''}
            onChange={(event) => choosePartner(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">Choose a team</option>
            {partners.map((roster) => (
              <option key={roster.roster_id} value={roster.roster_id}>
                {rosterName(details, roster.roster_id)}
              </option>
            ))}
          </select>
        </div>
        <div className="trade-analyzer__lists">
          <PlayerChecklist
            legend="You give"
            players={tradablePlayers(details, myRosterId)}
            chosen={give}
            onChange={(ids) => {
              setGive(ids);
              analyze.reset();
            }}
          />
          {partnerId !== null && (
            <PlayerChecklist
              legend={`You get from ${rosterName(details, partnerId)}`}
              players={tradablePlayers(details, partnerId)}
              chosen={get}
              onChange={(ids) => {
                setGet(ids);
                analyze.reset();
              }}
            />
          )}
        </div>
        <div className="button-row">
          <Button type="submit" disabled={!isReady} isBusy={analyze.isPending}>
            Analyze trade
          </Button>
          {!isReady && (
            <span className="field__hint">Choose a team and at least one player on each side.</span>
          )}
        </div>
      </form>
      <div aria-live="polite">
        {analyze.isError && <Banner tone="error">{analyze.error.message}</Banner>}
        {analyze.isSuccess && partnerId !== null && (
          <>
            {analyze.data.players_without_projection.length > 0 && (
              <Banner tone="warning">
                No projection this week for{' '}
                {analyze.data.players_without_projection.map(playerLabels(details)).join(', ')}: the figures
                count {analyze.data.players_without_projection.length === 1 ? 'him' : 'them'} at the
                position’s average.
              </Banner>
            )}
            <TradeSides analysis={analyze.data} partnerName={rosterName(details, partnerId)} />
          </>
        )}
      </div>
    </section>
  );
}
