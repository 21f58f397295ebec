import { isGameLocked, PLATFORM_LABELS, playerGame } from '@fm/contract';
import { type LineupLabResult, type LineupSwap, slotAccepts } from '@fm/engine';
import { Banner, Button } from '@fm/ui';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { usePreferences } from '../../preferences/use-preferences';
import { BenchList } from './BenchList';
import { HeadToHead, type MatchupSideName } from './HeadToHead';
import { OutStarterWarnings } from './OutStarterWarnings';
import { NotificationSwap } from '../../notifications/NotificationSwap';
import { type BenchRequest, ReplaceStarterDialog } from './ReplaceStarterDialog';
import { outStarterFixes } from './out-starter-fixes';
import { type LeagueDetails, type LeaguePlayer, rosterById } from '../shared/league-details';
import { LineupAdvice } from './LineupAdvice';
import { lineupLabInput, previewMatchupInput, teamName } from '../shared/matchup-inputs';
import { expectedPointsOf } from './matchup-players';
import type { ShownPoints } from './PlayerCell';
import {
  actualPointsOf,
  hasNoProjectionsYet,
  isMatchupOver,
  playProgressOf,
  teamBoxScore,
} from './box-score';
import { seasonOutlookInput } from './season-outlook-input';
import {
  rosterPositionsFromCounts,
  rosterPositionsOf,
  sideLineup,
  withPlayerStarted,
  withStarterBenched,
} from './side-lineup';
import { useSimulationRun } from '../shared/simulation-store';
import { useLeagueRun } from '../shared/use-league-run';
import { TeamPicker } from './TeamPicker';
import { useEnginePreview } from '../shared/use-engine-preview';
import type { ShownSides } from './match-timeline';
import { useMatchupSides } from './use-matchup-sides';
import { MatchupBoxScore } from './MatchupBoxScore';

/** Taps come one at a time: a short pause is enough to fold a swap's two taps into one run. */
const PREVIEW_DEBOUNCE_MS = 60;

/** The matchup of one league week, phone first: win probability, head-to-head by slot, advice, bench. */
export function LeagueSimulator({
  details,
  onSidesShown,
}: {
  details: LeagueDetails;
  /** Told the two teams shown whenever the reader changes them. */
  onSidesShown?: (sides: ShownSides) => void;
}) {
  const sides = useMatchupSides(details);
  const shownUserId = sides.user?.rosterId;
  const shownOpponentId = sides.opponent?.rosterId;
  useEffect(() => {
    if (shownUserId !== undefined && shownOpponentId !== undefined)
      onSidesShown?.({ userRosterId: shownUserId, opponentRosterId: shownOpponentId });
  }, [shownUserId, shownOpponentId, onSidesShown]);
  const { preferences } = usePreferences();
  const startLeagueRun = useLeagueRun(details);
  const location = useLocation();
  const run = useSimulationRun('simulate');
  const [benching, setBenching] = useState<BenchRequest | null>(null);
  // A moved player's button disappears from where it was pressed: focus follows him to his new place.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    document.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(focusNext)}"]`)?.focus();
    setFocusNext(null);
  }, [focusNext]);
  const { user, opponent } = sides;
  const preferredSlots = preferences.leagueSettings.startingLineup;
  const rosterPositions = useMemo(
    () => rosterPositionsOf(details, rosterPositionsFromCounts(preferredSlots)),
    [details, preferredSlots],
  );
  const userLineup = user ? sideLineup(details, user, rosterPositions) : null;
  const opponentLineup = opponent ? sideLineup(details, opponent, rosterPositions) : null;
  const isLegal = userLineup?.check.isLegal ?? false;

  const previewInput = useMemo(
    () => (user && opponent && isLegal ? previewMatchupInput(details, user, opponent) : null),
    [details, user, opponent, isLegal],
  );
  const preview = useEnginePreview('matchup', previewInput, { debounceMs: PREVIEW_DEBOUNCE_MS });
  const labInput = useMemo(
    () =>
      user && opponent && !isMatchupOver(details)
        ? lineupLabInput(details, user, opponent, rosterPositions)
        : null,
    [details, user, opponent, rosterPositions],
  );

  if (!user || !opponent || !userLineup || !opponentLineup) {
    return (
      <Banner tone="info">This league has fewer than two teams, so there is no matchup to simulate.</Banner>
    );
  }
  const userName = teamName(rosterById(details, user.rosterId));
  const opponentName = teamName(rosterById(details, opponent.rosterId));
  const rosterOf = (side: MatchupSideName) => (side === 'user' ? user.rosterId : opponent.rosterId);
  // Once the preview has run on this line-up, every number on the page is the simulation's own.
  const simulated = preview.status === 'completed' ? preview.result : null;
  const simulatedMeans = new Map(simulated?.players.map((p) => [`${p.side}:${p.id}`, p.simulatedMean]) ?? []);
  const isOver = isMatchupOver(details);
  const shownFor = (side: MatchupSideName, player: LeaguePlayer): ShownPoints => {
    const rosterId = rosterOf(side);
    const estimate = expectedPointsOf(details, rosterId, player);
    const mean = simulatedMeans.get(`${side}:${player.player_id}`);
    return {
      ...estimate,
      ...(mean === undefined ? {} : { points: mean }),
      actual: actualPointsOf(details, rosterId, player),
      progress: playProgressOf(details, rosterId, player),
    };
  };
  const startersTotal = (side: MatchupSideName, rows: typeof userLineup.rows) =>
    rows.reduce((sum, row) => sum + (row.player ? (shownFor(side, row.player).points ?? 0) : 0), 0);
  const starting = (lineup: typeof userLineup) => [
    ...lineup.rows.flatMap((row) => (row.player ? [row.player] : [])),
    ...lineup.unplaced,
  ];
  const boxes = {
    user: teamBoxScore(details, user.rosterId, starting(userLineup)),
    opponent: teamBoxScore(details, opponent.rosterId, starting(opponentLineup)),
  };
  const projected = simulated
    ? { user: simulated.user.mean, opponent: simulated.opponent.mean }
    : {
        user: startersTotal('user', userLineup.rows),
        opponent: startersTotal('opponent', opponentLineup.rows),
      };
  const noProjections = hasNoProjectionsYet(details);
  const totals = {
    user: { points: boxes.user.points, projected: noProjections ? null : projected.user, isOver },
    opponent: { points: boxes.opponent.points, projected: noProjections ? null : projected.opponent, isOver },
  };
  // Once nobody can score any more, nobody is moved either (a player without a game included).
  const canMove = (player: LeaguePlayer) =>
    !isOver && !isGameLocked(details, player, playerGame(details, user.rosterId, player));
  // A player with no game this week would score nothing: he is not offered as a starter.
  const canStart = (player: LeaguePlayer) =>
    canMove(player) && playerGame(details, user.rosterId, player)?.state !== 'bye';
  const problems = userLineup.check.problems.map((problem) => problem.message);

  const applySwap = (swap: LineupSwap) => sides.applySwap(user.rosterId, swap.playerOut, swap.playerIn);
  const startInstead = (starter: LeaguePlayer, replacement: LeaguePlayer) => {
    sides.applySwap(user.rosterId, starter.player_id, replacement.player_id);
    setFocusNext(`Bench ${replacement.name}`);
  };
  const bench = (player: LeaguePlayer) => {
    sides.setStarters(user.rosterId, withStarterBenched(userLineup, player.player_id));
    setFocusNext(`Start ${player.name}`);
  };
  const start = (player: LeaguePlayer) => {
    sides.setStarters(user.rosterId, withPlayerStarted(userLineup, player));
    setFocusNext(`Bench ${player.name}`);
  };
  const replacementsFor = (request: BenchRequest | null) =>
    request
      ? userLineup.bench
          .filter((player) => canStart(player) && slotAccepts(request.slot, player.position))
          .sort((a, b) => (shownFor('user', b).points ?? 0) - (shownFor('user', a).points ?? 0))
      : [];
  const applyLineup = (result: LineupLabResult) =>
    sides.setStarters(
      user.rosterId,
      result.lineup.flatMap((slot) => (slot.playerId ? [slot.playerId] : [])),
    );

  const runSimulation = () => {
    if (!isLegal || !previewInput) return;
    startLeagueRun('simulate', user, opponent, {
      resultPath: '/dashboard',
      backPath: location.pathname,
      lineupLab: lineupLabInput(details, user, opponent, rosterPositions),
      seasonOutlook: seasonOutlookInput(details),
    });
  };

  const teamMatchupPath = `/team-matchup?${new URLSearchParams({
    platform: details.platform,
    league: details.league.league_id,
    week: String(details.week),
  })}`;

  return (
    <>
      <MatchupBoxScore
        preview={preview}
        user={{ name: userName, box: boxes.user, projected: projected.user }}
        opponent={{ name: opponentName, box: boxes.opponent, projected: projected.opponent }}
        isOver={isOver}
        platformName={PLATFORM_LABELS[details.platform]}
        blockedReason={
          noProjections
            ? `we have no projections for week ${details.week} yet.`
            : isLegal
              ? null
              : 'this line-up is not one the league allows (see below).'
        }
      />
      {details.my_roster_id === null && (
        <Banner tone="info">
          Your linked account has no team in this league. Choose the team you want to play as under the
          line-ups.
        </Banner>
      )}
      {problems.length > 0 && (
        <div id="lineup-problems" className="lineup-problems">
          <Banner tone="error">
            <strong>Line-up not allowed in this league.</strong>
            <ul>
              {problems.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
            {!isOver && (
              <Button variant="secondary" onClick={() => sides.resetStarters(user.rosterId)}>
                Back to my saved line-up
              </Button>
            )}
          </Banner>
        </div>
      )}
      {!isOver && (
        <NotificationSwap
          starters={starting(userLineup)}
          bench={userLineup.bench}
          canMove={canMove}
          onApply={startInstead}
        />
      )}
      {!isOver && (
        <OutStarterWarnings
          fixes={outStarterFixes(details, userLineup, (p) => shownFor('user', p).points, canMove)}
          onFix={(fix) => startInstead(fix.starter, fix.replacement)}
        />
      )}
      <HeadToHead
        details={details}
        userName={userName}
        opponentName={opponentName}
        user={userLineup}
        opponent={opponentLineup}
        shownFor={shownFor}
        totals={totals}
        canMove={canMove}
        {...(isOver
          ? {}
          : {
              // A starter in a slot is replaced by someone the person picks; one no slot takes just leaves.
              onBench: (player, slot) => (slot ? setBenching({ player, slot }) : bench(player)),
            })}
      />
      {/* Choosing other teams comes after the line-ups: a phone's first screen is the score and the line-ups. */}
      <TeamPicker
        details={details}
        userRosterId={user.rosterId}
        opponentRosterId={opponent.rosterId}
        onUserChange={sides.chooseUserRoster}
        onOpponentChange={sides.chooseOpponentRoster}
      />
      {!isOver && (
        <LineupAdvice input={isLegal ? labInput : null} onApplySwap={applySwap} onApplyLineup={applyLineup} />
      )}
      <BenchList
        details={details}
        bench={userLineup.bench}
        shownFor={(player) => shownFor('user', player)}
        canMove={canStart}
        {...(isOver ? {} : { onStart: start })}
      />
      <ReplaceStarterDialog
        details={details}
        request={benching}
        candidates={replacementsFor(benching)}
        shownFor={(player) => shownFor('user', player)}
        onReplace={(replacement) => {
          if (benching) startInstead(benching.player, replacement);
          setBenching(null);
        }}
        onLeaveEmpty={() => {
          if (benching) bench(benching.player);
          setBenching(null);
        }}
        onClose={() => setBenching(null)}
      />
      <div className="button-row simulate-actions">
        {/* Once nobody can score any more there is nothing left to simulate: the box score says the result. */}
        {!isOver && (
          <Button
            onClick={runSimulation}
            isBusy={run.status === 'running'}
            disabled={!isLegal}
            aria-describedby={isLegal ? undefined : 'lineup-problems'}
          >
            Run simulation
          </Button>
        )}
        <Link to={teamMatchupPath} className="button button--secondary">
          Compare any two teams
        </Link>
        <Link to="/methodology">How the numbers are made</Link>
      </div>
    </>
  );
}
