import type { SeasonOutlookInput } from '@fm/engine';
import { ScrollingTable } from '../shared/ScrollingTable';
import { Spinner } from '@fm/ui';
import { useEnginePreview } from '../shared/use-engine-preview';
import { formatPercent } from '../shared/format';

/** Playoff odds for every team of the league, simulated over the rest of the regular season. */
export function SeasonOutlookPanel({
  input,
  myTeamId,
}: {
  input: SeasonOutlookInput | null;
  myTeamId: string | null;
}) {
  const outlook = useEnginePreview('season', input, { debounceMs: 0 });
  const teams = outlook.result
    ? [...outlook.result.teams].sort(
        (a, b) => b.playoffProbability - a.playoffProbability || b.expectedWins - a.expectedWins,
      )
    : [];
  return (
    <section className="card dashboard-section" aria-labelledby="season-outlook-title">
      <h2 id="season-outlook-title">Season outlook</h2>
      {!input && <p>Not enough teams for a season outlook.</p>}
      {input && (
        <p className="field__hint">
          {input.schedule.length === 0
            ? 'The regular season is over: these are the final standings.'
            : `${input.schedule.length} regular-season week${input.schedule.length === 1 ? '' : 's'} left; top ${input.playoffTeams} make the playoffs.`}
        </p>
      )}
      {input && outlook.status === 'error' && <p className="field__error">{outlook.error?.message}</p>}
      {input && !outlook.result && outlook.status !== 'error' && <Spinner label="Playing out the season…" />}
      {outlook.result && (
        <ScrollingTable label={'Playoff odds by team'}>
          <table className="table table--cards">
            <caption className="visually-hidden">Playoff odds by team</caption>
            <thead>
              <tr>
                <th scope="col">Team</th>
                <th scope="col">Playoff odds</th>
                <th scope="col">Expected wins</th>
              </tr>
            </thead>
            <tbody>
              {teams.map((team) => (
                <tr key={team.id} className={team.id === myTeamId ? 'outlook-row--mine' : undefined}>
                  <th scope="row">
                    {team.name ?? team.id}
                    {team.id === myTeamId && <span className="outlook-you"> (you)</span>}
                  </th>
                  <td data-label="Playoff odds">{formatPercent(team.playoffProbability)}</td>
                  <td data-label="Expected wins">{team.expectedWins.toFixed(1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </section>
  );
}
