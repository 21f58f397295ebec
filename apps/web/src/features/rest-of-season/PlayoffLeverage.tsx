import type { PlayoffLeverage as Leverage } from '@fm/contract';
import { Banner, Button, Spinner, TimeAgo } from '@fm/ui';
import { formatPercent, formatProbabilityChange } from '../simulate/shared/format';
import { type LeagueDetails, rosterById } from '../simulate/shared/league-details';
import { teamName } from '../simulate/shared/matchup-inputs';
import { usePlayoffLeverage } from './rest-of-season-queries';
import './rest-of-season.css';

/** The caller's team first, the others as the answer orders them. */
function callerFirst(rows: Leverage[], myRosterId: number | null): Leverage[] {
  return [
    ...rows.filter((row) => row.roster_id === myRosterId),
    ...rows.filter((row) => row.roster_id !== myRosterId),
  ];
}

/** Every place settled: no team's chance moves with this week's result (the regular season is decided, or over). */
function isEverythingSettled(rows: Leverage[]): boolean {
  return rows.every((row) => row.leverage === 0);
}

/** What this week's game is worth to every team: P(playoffs) if it wins, if it loses, and the difference. */
export function PlayoffLeverage({ details }: { details: LeagueDetails }) {
  const leverage = usePlayoffLeverage(
    { platform: details.platform, leagueId: details.league.league_id, season: Number(details.league.season) },
    details.week,
  );
  return (
    <section className="card playoff-leverage" aria-labelledby="playoff-leverage-title">
      <h2 id="playoff-leverage-title">Playoff leverage, week {details.week}</h2>
      {leverage.isPending ? (
        <Spinner label="Simulating the rest of the season…" />
      ) : leverage.isError ? (
        <Banner tone="error">
          Playoff leverage could not be computed: {leverage.error.message}{' '}
          <Button variant="secondary" onClick={() => void leverage.refetch()}>
            Try again
          </Button>
        </Banner>
      ) : leverage.data.data.length === 0 ? (
        <p>No playoff chances to show for this week.</p>
      ) : (
        <>
          <p className="playoff-leverage__meaning">
            Each team’s chance to make the playoffs if it wins this week’s game and if it loses it. Leverage
            is the difference: how much this one game moves the team’s playoff chances.
          </p>
          {isEverythingSettled(leverage.data.data) && (
            <p className="playoff-leverage__settled">
              Every playoff place is settled: no result this week changes who makes the playoffs.
            </p>
          )}
          <table className="table playoff-leverage__table">
            <thead>
              <tr>
                <th scope="col">Team</th>
                <th scope="col" title="Chance to make the playoffs if the team wins this week">
                  If win
                </th>
                <th scope="col" title="Chance to make the playoffs if the team loses this week">
                  If loss
                </th>
                <th scope="col" title="If win minus if loss, in percentage points">
                  Leverage
                </th>
              </tr>
            </thead>
            <tbody>
              {callerFirst(leverage.data.data, details.my_roster_id).map((row) => {
                const isMine = row.roster_id === details.my_roster_id;
                return (
                  <tr key={row.roster_id} className={isMine ? 'is-mine' : undefined}>
                    <th scope="row">
                      {teamName(rosterById(details, row.roster_id))}
                      {isMine && <span className="playoff-leverage__you"> (you)</span>}
                    </th>
                    <td className="numeric">{formatPercent(row.p_playoffs_if_win, 0)}</td>
                    <td className="numeric">{formatPercent(row.p_playoffs_if_loss, 0)}</td>
                    <td className="numeric">{formatProbabilityChange(row.leverage)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="ros-meta">
            Week {leverage.data.week} · each chance from{' '}
            {leverage.data.seasons_per_simulation.toLocaleString('en-US')} simulated seasons · data as of{' '}
            <TimeAgo iso={leverage.data.data_as_of} />
          </p>
        </>
      )}
    </section>
  );
}
