import { scoringFormatOf } from '@fm/projections/scoring-formats';
import type { ScoringChoice } from '../projections/scoring-choice';
import { Banner, Button, Spinner, StatusTag } from '@fm/ui';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFavoritePlayers, usePreferences } from '../preferences/use-preferences';
import { NoDataYet } from '../projections/NoDataYet';
import { ComparisonTable } from './ComparisonTable';
import { PlayerPicker } from './PlayerPicker';
import { WeeklySection } from './WeeklySection';
import { advancedRows, seasonRows } from './comparison-rows';
import {
  compareSearch,
  compareUrl,
  MIN_COMPARED,
  selectionFromSearchParams,
  type CompareSelection,
} from './compare-params';
import type { PlayerSuggestion } from './player-search';
import { useComparison, useStatSeasons } from './use-compare';
import { usePlayerDirectory } from './use-player-directory';
import { ThisWeekSection } from './ThisWeekSection';
import { useWeekProjections } from './use-week-projections';
import './compare.css';

export const COMPARE_LOAD_FAILED = 'The comparison could not be loaded.';

/** `/compare`: 2–4 players side by side — season totals, week by week, usage and efficiency. */
export default function ComparePage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const selection = useMemo(() => selectionFromSearchParams(searchParams), [searchParams]);
  const seasons = useStatSeasons();
  const { totals, weekly, advanced } = useComparison(selection.playerIds, selection.season);
  const { isFavoritePlayer, toggleFavoritePlayer } = useFavoritePlayers();
  const { preferences, updatePreferences } = usePreferences();
  const toggleFavoriteMetric = (id: string) =>
    updatePreferences((p) => ({
      ...p,
      favoriteMetrics: p.favoriteMetrics.includes(id)
        ? p.favoriteMetrics.filter((metric) => metric !== id)
        : [...p.favoriteMetrics, id],
    }));
  const [copied, setCopied] = useState(false);
  const [chosenScoring, setScoring] = useState<ScoringChoice | null>(null);
  const scoring = chosenScoring ?? {
    scoring: scoringFormatOf(preferences.leagueSettings.scoringType),
    league: null,
  };
  const thisWeek = useWeekProjections(selection.playerIds, scoring);
  const directory = usePlayerDirectory();

  const select = (change: Partial<CompareSelection>) => {
    setCopied(false);
    void navigate({ search: compareSearch({ ...selection, ...change }) });
  };
  const addPlayer = (player: PlayerSuggestion) => select({ playerIds: [...selection.playerIds, player.id] });
  const removePlayer = (id: string) => select({ playerIds: selection.playerIds.filter((p) => p !== id) });
  const shownSeason = totals.data?.season ?? selection.season ?? seasons.data?.data[0];
  const players = totals.data?.data ?? [];
  const perPlayerAdvanced = players.map(
    (p) => advanced.data?.data.find((a) => a.player_id === p.player_id)?.metrics,
  );
  const isLoading = selection.playerIds.length > 0 && (totals.isPending || weekly.isPending);
  /**
   * A compared player as the page names him: from the comparison once it has loaded, else from the player
   * directory the picker chose him from, so the chips name the players picked while the comparison loads.
   */
  const playerOf = (id: string) => {
    const compared = players.find((p) => p.player_id === id);
    if (compared) return { name: compared.player_name, position: compared.position, team: compared.team };
    const week = thisWeek.data?.data.find((row) => row.player_id === id);
    if (week) return { name: week.player_name, position: week.position, team: week.team };
    const listed = directory.data?.players[id];
    if (listed) return { name: listed.full_name, position: listed.position, team: listed.team };
    return null;
  };
  const nameOf = (id: string) => playerOf(id)?.name ?? `Player ${id}`;
  const failure = totals.error ?? weekly.error ?? advanced.error;

  const copyLink = async () => {
    const url = compareUrl(window.location.origin, { ...selection, season: shownSeason ?? undefined });
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      window.prompt('Copy this link', url);
    }
  };

  return (
    <section className="page compare-page">
      <header className="compare-page__head">
        <h1>Compare Players</h1>
        <div className="compare-page__tools">
          <div className="field">
            <label htmlFor="compare-season">Season</label>
            <select
              id="compare-season"
              value={shownSeason ?? ''}
              onChange={(event) => select({ season: Number(event.target.value) })}
            >
              {(seasons.data?.data ?? (shownSeason ? [shownSeason] : [])).map((season) => (
                <option key={season} value={season}>
                  {season}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            onClick={() => void copyLink()}
            disabled={selection.playerIds.length === 0}
          >
            {copied ? 'Link copied' : 'Copy link'}
          </Button>
        </div>
      </header>

      <ul className="compare-chips" aria-label="Players compared">
        {selection.playerIds.map((id) => {
          const player = playerOf(id);
          const week = thisWeek.data?.data.find((row) => row.player_id === id);
          const name = nameOf(id);
          const isFavorite = isFavoritePlayer(id);
          return (
            <li key={id} className="chip chip--selected">
              <button
                type="button"
                className={`favorite-star${isFavorite ? ' favorite-star--on' : ''}`}
                aria-pressed={isFavorite}
                aria-label={`${isFavorite ? 'Remove' : 'Add'} ${name} ${isFavorite ? 'from' : 'to'} favorites`}
                onClick={() =>
                  player && toggleFavoritePlayer({ id, name, position: player.position, team: player.team })
                }
              >
                {isFavorite ? '★' : '☆'}
              </button>
              <span>
                {name}
                {player && (
                  <span className="chip__meta">
                    {' '}
                    {player.position} · {player.team}
                  </span>
                )}
                {week && <StatusTag tag={week.status} reason={week.status_reason} />}
              </span>
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove ${name}`}
                onClick={() => removePlayer(id)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>

      <PlayerPicker selectedIds={selection.playerIds} onAdd={addPlayer} />

      {failure ? (
        <Banner tone="error">
          {COMPARE_LOAD_FAILED} {failure.message}
        </Banner>
      ) : seasons.data && seasons.data.data.length === 0 ? (
        <NoDataYet />
      ) : selection.playerIds.length < MIN_COMPARED ? (
        <div className="card compare-page__prompt">
          <p>
            Pick at least {MIN_COMPARED} players to compare their season, week by week and usage. Not sure
            whom? <Link to="/projections">Browse this week’s projections</Link>.
          </p>
        </div>
      ) : null}

      {selection.playerIds.length > 0 && isLoading && <Spinner label="Loading the comparison…" />}

      {selection.playerIds.length >= MIN_COMPARED && (
        <ThisWeekSection
          names={selection.playerIds.map(nameOf)}
          playerIds={selection.playerIds}
          answer={thisWeek.data}
          isError={thisWeek.isError}
          scoring={scoring}
          onScoring={setScoring}
        />
      )}

      {players.length > 0 && !failure && (
        <>
          <section className="compare-section" aria-labelledby="compare-season-heading">
            <h2 id="compare-season-heading">{shownSeason} season</h2>
            <ComparisonTable
              caption="Season totals"
              players={players.map((p) => p.player_name)}
              rows={seasonRows(players)}
            />
          </section>
          {weekly.data && <WeeklySection weekly={weekly.data} />}
          <section className="compare-section" aria-labelledby="compare-advanced-heading">
            <h2 id="compare-advanced-heading">Usage and efficiency</h2>
            <p className="compare-section__note">
              Shares are of the team’s total in the games the player played. Snaps and air yards appear for
              weeks whose data source reports them (Sleeper’s stats do, NFL.com’s files do not). Star a figure
              to keep it at the top.
            </p>
            <ComparisonTable
              caption="Advanced metrics"
              players={players.map((p) => p.player_name)}
              rows={advancedRows(perPlayerAdvanced, preferences.favoriteMetrics)}
              onToggleFavorite={toggleFavoriteMetric}
            />
          </section>
        </>
      )}
    </section>
  );
}
