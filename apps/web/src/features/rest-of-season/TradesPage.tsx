import type { LeaguePlatform } from '../simulate/shared/league-details';
import { LeagueToolFrame, useLeagueRef } from './LeagueToolFrame';
import { TradeAnalyzer } from './TradeAnalyzer';
import { TradeFinder } from './TradeFinder';

/** /simulate/…/{leagueId}/trades: analyze a proposed trade, or find the win-win ones. */
export default function TradesPage({ platform }: { platform: LeaguePlatform }) {
  const league = useLeagueRef(platform);
  return (
    <LeagueToolFrame league={league} title="Trades">
      {(details, myRosterId) => (
        <div className="trades-page">
          <TradeFinder league={league} details={details} />
          <TradeAnalyzer league={league} details={details} myRosterId={myRosterId} />
        </div>
      )}
    </LeagueToolFrame>
  );
}
