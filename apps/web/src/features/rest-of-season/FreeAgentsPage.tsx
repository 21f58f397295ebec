import type { FreeAgent } from '@fm/contract';
import { parseStartingSlots, startedPositions } from '@fm/engine';
import { Banner, Button, Spinner } from '@fm/ui';
import { useState } from 'react';
import type { LeagueDetails, LeaguePlatform } from '../simulate/shared/league-details';
import { rosterById } from '../simulate/shared/league-details';
import { rosterPositionsOf } from '../simulate/league/side-lineup';
import { claimLink } from './claim-link';
import { FreeAgentsTable } from './FreeAgentsTable';
import { LeagueToolFrame, useLeagueRef } from './LeagueToolFrame';
import { lineupFromServer } from './lineup-from-server';
import { type LeagueRef, useFreeAgents } from './rest-of-season-queries';
import { RosMeta } from './RosMeta';

const ALL_POSITIONS = '';

/** Names of the caller's players, for the "starts over" and "drops" columns. */
function rosterNames(details: LeagueDetails, rosterId: number): Map<string, string> {
  const players = rosterById(details, rosterId)?.players;
  const all = players ? [...players.starters, ...players.bench, ...players.reserve] : [];
  return new Map(all.map((player) => [player.player_id, player.name]));
}

function FreeAgents({
  league,
  details,
  myRosterId,
}: {
  league: LeagueRef;
  details: LeagueDetails;
  myRosterId: number;
}) {
  const [position, setPosition] = useState(ALL_POSITIONS);
  const freeAgents = useFreeAgents(league, position === ALL_POSITIONS ? undefined : position);
  const rosterPositions = rosterPositionsOf(details);
  const names = rosterNames(details, myRosterId);
  return (
    <>
      <div className="field ros-filter">
        <label htmlFor="free-agent-position">Position</label>
        <select
          id="free-agent-position"
          value={position}
          onChange={(event) => setPosition(event.target.value)}
        >
          <option value={ALL_POSITIONS}>Every position the league starts</option>
          {startedPositions(parseStartingSlots(rosterPositions)).map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </select>
      </div>
      {freeAgents.isPending ? (
        <Spinner label="Pricing every free agent in win and playoff chances…" />
      ) : freeAgents.isError ? (
        <Banner tone="error">
          Free agents could not be loaded: {freeAgents.error.message}{' '}
          <Button variant="secondary" onClick={() => void freeAgents.refetch()}>
            Try again
          </Button>
        </Banner>
      ) : (
        <div aria-busy={freeAgents.isPlaceholderData}>
          <RosMeta
            week={freeAgents.data.week}
            rosWeeks={freeAgents.data.ros_weeks}
            simulations={freeAgents.data.simulations}
            dataAsOf={freeAgents.data.data_as_of}
          />
          {freeAgents.data.data.length === 0 ? (
            <p className="ros-empty">
              {position === ALL_POSITIONS
                ? 'No free agents: every player the league starts is on a roster.'
                : `No free agents at ${position}.`}
            </p>
          ) : (
            <>
              <p className="field__hint">
                Best pickup first: by the change in your playoff chance, then in this week’s win chance, then
                in your line-ups’ rest-of-season points; players without a projection come last. Tap a player
                to see your line-up with him.
              </p>
              <FreeAgentsTable
                freeAgents={freeAgents.data.data}
                week={freeAgents.data.week}
                nameOf={(playerId) => names.get(playerId) ?? playerId}
                lineupAfter={(player: FreeAgent) =>
                  lineupFromServer(details, myRosterId, player, rosterPositions)
                }
                claimLinkOf={(player: FreeAgent) => claimLink(league.platform, league.leagueId, player)}
              />
            </>
          )}
        </div>
      )}
    </>
  );
}

/** /simulate/…/{leagueId}/free-agents: the league's free agents priced in win and playoff chances. */
export default function FreeAgentsPage({ platform }: { platform: LeaguePlatform }) {
  const league = useLeagueRef(platform);
  return (
    <LeagueToolFrame league={league} title="Free agents">
      {(details, myRosterId) => <FreeAgents league={league} details={details} myRosterId={myRosterId} />}
    </LeagueToolFrame>
  );
}
