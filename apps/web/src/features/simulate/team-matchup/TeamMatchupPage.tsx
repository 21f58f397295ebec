import { isPlatform, PLATFORM_LABELS, weekStarterIds } from '@fm/contract';
import { Banner, Button, Spinner } from '@fm/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type LeagueDetails, type LeaguePlatform, useLeagueDetails } from '../shared/league-details';
import { useLinkedLeagues } from '../shared/linked-leagues';
import { teamName } from '../shared/matchup-inputs';
import { useLeagueRun } from '../shared/use-league-run';
import { WeekSelect } from '../shared/WeekSelect';
import '../shared/simulate.css';

function TeamSelect({
  id,
  label,
  details,
  value,
  onChange,
}: {
  id: string;
  label: string;
  details: LeagueDetails;
  value: number;
  onChange(rosterId: number): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {details.rosters.map((roster) => (
          <option key={roster.roster_id} value={roster.roster_id}>
            {teamName(roster)}
          </option>
        ))}
      </select>
    </div>
  );
}

function TwoTeams({ details }: { details: LeagueDetails }) {
  const startLeagueRun = useLeagueRun(details);
  const first = details.my_roster_id ?? details.rosters[0]?.roster_id ?? 0;
  const [teamA, setTeamA] = useState(first);
  const [teamB, setTeamB] = useState(details.rosters.find((r) => r.roster_id !== first)?.roster_id ?? first);
  const [error, setError] = useState<string | null>(null);

  const analyze = () => {
    if (teamA === teamB) {
      setError('Choose two different teams.');
      return;
    }
    // The league's own run of the two week's line-ups: the figure the league page shows for this pairing.
    const side = (rosterId: number) => ({ rosterId, starterIds: weekStarterIds(details, rosterId) });
    const isStarted = startLeagueRun('analyze', side(teamA), side(teamB), {
      resultPath: '/team-matchup/dashboard',
      backPath: `/team-matchup?${new URLSearchParams({
        platform: details.platform,
        league: details.league.league_id,
        week: String(details.week),
      })}`,
      isOwnTeam: teamA === details.my_roster_id,
      lineupLab: null,
      seasonOutlook: null,
    });
    if (!isStarted) setError('Each team needs at least one starter this week.');
  };

  return (
    <div className="card team-matchup-form">
      <p>
        {details.league.name}, week {details.week}:{' '}
        {details.is_week_complete
          ? 'the week is over, each team with the starters who played it.'
          : 'each team plays its current starters.'}
      </p>
      <div className="team-matchup-form__teams">
        <TeamSelect id="team-a" label="First team" details={details} value={teamA} onChange={setTeamA} />
        <TeamSelect id="team-b" label="Second team" details={details} value={teamB} onChange={setTeamB} />
      </div>
      {error && <Banner tone="error">{error}</Banner>}
      <Button onClick={analyze}>Analyze matchup</Button>
    </div>
  );
}

/** /team-matchup: compare any two teams of one of my leagues. */
export default function TeamMatchupPage() {
  const [params, setParams] = useSearchParams();
  const platformParam = params.get('platform');
  const platform: LeaguePlatform = isPlatform(platformParam) ? platformParam : 'sleeper';
  const leagueId = params.get('league') ?? '';
  const week = Number(params.get('week')) || undefined;
  const leagues = useLinkedLeagues();
  const details = useLeagueDetails(platform, leagueId, week);
  const options = leagues.data
    ? [...leagues.data.data.sleeper, ...leagues.data.data.yahoo, ...leagues.data.data.espn]
    : [];

  return (
    <section className="page team-matchup">
      <h1>Team Matchup</h1>
      <div className="field team-matchup__league">
        <label htmlFor="team-matchup-league">League</label>
        <select
          id="team-matchup-league"
          className="input"
          value={leagueId ? `${platform}:${leagueId}` : ''}
          onChange={(event) => {
            const [nextPlatform = 'sleeper', ...rest] = event.target.value.split(':');
            setParams({ platform: nextPlatform, league: rest.join(':') });
          }}
        >
          <option value="" disabled>
            {leagues.isPending ? 'Loading your leagues…' : 'Choose a league'}
          </option>
          {options.map((league) => (
            <option
              key={`${league.platform}:${league.league_id}`}
              value={`${league.platform}:${league.league_id}`}
            >
              {league.name} ({PLATFORM_LABELS[league.platform]})
            </option>
          ))}
        </select>
      </div>
      {details.data && (
        <WeekSelect
          id="team-matchup-week"
          className="team-matchup__week"
          value={details.data.week}
          onChange={(next) => setParams({ platform, league: leagueId, week: String(next) })}
        />
      )}
      {leagues.isError && <Banner tone="error">{leagues.error.message}</Banner>}
      {leagueId && details.isPending && <Spinner label="Loading the league…" />}
      {details.isError && <Banner tone="error">{details.error.message}</Banner>}
      {details.data && (
        <TwoTeams key={`${details.data.league.league_id}:${details.data.week}`} details={details.data} />
      )}
    </section>
  );
}
