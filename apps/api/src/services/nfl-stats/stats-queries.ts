import { players, type Database } from '@fm/db';
import { roundPoints } from '@fm/projections';
import { inArray } from 'drizzle-orm';
import type { DataDeps } from '../../core-deps.js';
import { notFound } from '../../errors.js';
import { advancedMetrics, usageSample, type TeamWeekTotals } from './advanced-metrics.js';
import { loadSeasonLines, loadStatSeasons, type SeasonLines } from './season-lines.js';
import { identityOf, seasonRow, weekRow, type PlayerIdentity } from './stat-rows.js';

export interface PlayerFilter {
  season?: number | undefined;
  position?: string | undefined;
  search?: string | undefined;
}

/** The season asked for, else the latest with stats; null when no stats were imported. */
async function resolveSeason(deps: DataDeps, season: number | undefined): Promise<SeasonLines | null> {
  const chosen = season ?? (await loadStatSeasons(deps))[0];
  return chosen === undefined ? null : loadSeasonLines(deps, chosen);
}

function matches(identity: PlayerIdentity, filter: PlayerFilter): boolean {
  if (filter.position && identity.position !== filter.position) return false;
  const name = identity.player_name.toLowerCase();
  return (filter.search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => name.includes(word));
}

/** Players with weekly stats in a season: who they are, which weeks they played, their points. */
export async function weeklyPlayers(deps: DataDeps, filter: PlayerFilter) {
  const season = await resolveSeason(deps, filter.season);
  if (!season) return { season: filter.season ?? null, data: [] };
  const data = [];
  for (const lines of season.byPlayer.values()) {
    const identity = identityOf(lines);
    if (!identity || !matches(identity, filter)) continue;
    const played = lines.filter((line) => line.hasPlayed);
    const ppr = played.reduce((sum, line) => sum + line.points.ppr, 0);
    data.push({
      ...identity,
      games: played.length,
      weeks: played.map((line) => line.week),
      fantasy_points_ppr: roundPoints(ppr),
      points_per_game: played.length > 0 ? Math.round((ppr / played.length) * 100) / 100 : 0,
    });
  }
  data.sort(
    (a, b) => b.fantasy_points_ppr - a.fantasy_points_ppr || a.player_name.localeCompare(b.player_name),
  );
  return { season: season.season, data };
}

/** The players asked for, in the order asked; an unknown id is a 404 naming it. */
async function requirePlayers(database: Database, playerIds: number[]): Promise<PlayerIdentity[]> {
  const rows = await database.db.select().from(players).where(inArray(players.id, playerIds));
  return playerIds.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(`No player with id ${id}.`);
    return { player_id: String(row.id), player_name: row.fullName, position: row.position, team: row.team };
  });
}

/** Week-by-week stat lines of 1–4 players in one season. */
export async function weeklyCompare(
  deps: DataDeps,
  query: { season?: number | undefined; playerIds: number[] },
) {
  const identities = await requirePlayers(deps.database, query.playerIds);
  const season = await resolveSeason(deps, query.season);
  const data = identities.map((identity) => {
    const lines = season?.byPlayer.get(Number(identity.player_id)) ?? [];
    return {
      player: identityOf(lines) ?? identity,
      weeks: lines.map((line) => weekRow(line, season!.season)),
    };
  });
  return { season: season?.season ?? query.season ?? null, data };
}

/** Season totals of every player with stats in a season, best PPR total first. */
export async function seasonalPlayers(deps: DataDeps, filter: PlayerFilter) {
  const season = await resolveSeason(deps, filter.season);
  if (!season) return { season: filter.season ?? null, data: [] };
  const totals = season.teamTotals;
  const data = [];
  for (const lines of season.byPlayer.values()) {
    const identity = identityOf(lines);
    if (!identity || !matches(identity, filter)) continue;
    data.push(seasonRow(identity, season.season, usageSample(lines, totals)));
  }
  data.sort(
    (a, b) => b.fantasy_points_ppr - a.fantasy_points_ppr || a.player_name.localeCompare(b.player_name),
  );
  return { season: season.season, data };
}

export async function seasonalCompare(
  deps: DataDeps,
  query: { season?: number | undefined; playerIds: number[] },
) {
  const identities = await requirePlayers(deps.database, query.playerIds);
  const season = await resolveSeason(deps, query.season);
  const totals: TeamWeekTotals = season?.teamTotals ?? new Map();
  const seasonNumber = season?.season ?? query.season ?? null;
  const data = identities.map((identity) => {
    const lines = season?.byPlayer.get(Number(identity.player_id)) ?? [];
    return seasonRow(identityOf(lines) ?? identity, seasonNumber ?? 0, usageSample(lines, totals));
  });
  return { season: seasonNumber, data };
}

/** Usage shares and efficiency of every player in a season (or the players asked for). */
export async function seasonalAdvanced(
  deps: DataDeps,
  filter: PlayerFilter & { playerIds?: number[] | undefined },
) {
  const season = await resolveSeason(deps, filter.season);
  if (!season) return { season: filter.season ?? null, data: [] };
  const totals = season.teamTotals;
  const wanted = filter.playerIds ? new Set(filter.playerIds) : null;
  const data = [];
  for (const [playerId, lines] of season.byPlayer) {
    if (wanted && !wanted.has(playerId)) continue;
    const identity = identityOf(lines);
    if (!identity || !matches(identity, filter)) continue;
    const sample = usageSample(lines, totals);
    if (sample.games === 0) continue;
    data.push({ ...identity, season: season.season, metrics: advancedMetrics(sample) });
  }
  data.sort((a, b) => Number(b.metrics.fantasy_points_ppr) - Number(a.metrics.fantasy_points_ppr));
  return { season: season.season, data };
}

/** One player's usage and efficiency, week by week. */
export async function weeklyAdvanced(
  deps: DataDeps,
  query: { season?: number | undefined; playerId: number },
) {
  const [identity] = await requirePlayers(deps.database, [query.playerId]);
  const season = await resolveSeason(deps, query.season);
  const lines = season?.byPlayer.get(query.playerId) ?? [];
  const totals = season?.teamTotals ?? new Map();
  const weeks = lines
    .filter((line) => line.hasPlayed)
    .map((line) => ({
      week: line.week,
      team: line.team,
      opponent: line.isHome ? line.opponent : `@${line.opponent}`,
      metrics: advancedMetrics(usageSample([line], totals)),
    }));
  return {
    season: season?.season ?? query.season ?? null,
    player: identityOf(lines) ?? identity!,
    data: weeks,
  };
}

export { loadStatSeasons };
