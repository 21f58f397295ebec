import { isOutStatus } from '@fm/engine';
import { playerOutEpisodes, players } from '@fm/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { CoreDeps } from '../../core-deps.js';

/**
 * Brings the week's "ruled out" episodes up to the players' statuses and answers each player's current episode:
 * a player ruled out for the first time this week is in episode 0; one who was playable again and is ruled out
 * once more starts the next, so his starter_out is sent again (and only then).
 */
export async function updateOutEpisodes(
  deps: Pick<CoreDeps, 'database'>,
  week: { season: number; week: number },
): Promise<Map<number, number>> {
  const { db } = deps.database;
  const statuses = await db
    .select({ id: players.id, injuryStatus: players.injuryStatus })
    .from(players)
    .where(isNotNull(players.injuryStatus));
  const outNow = new Set(statuses.filter((row) => isOutStatus(row.injuryStatus)).map((row) => row.id));
  const held = await db
    .select()
    .from(playerOutEpisodes)
    .where(and(eq(playerOutEpisodes.season, week.season), eq(playerOutEpisodes.week, week.week)));
  const episodes = new Map(held.map((row) => [row.playerId, row.episode]));
  const heldIds = new Set(held.map((row) => row.playerId));
  for (const row of held) {
    const isOut = outNow.has(row.playerId);
    if (isOut === row.isOut) continue;
    const episode = isOut ? row.episode + 1 : row.episode;
    episodes.set(row.playerId, episode);
    await db
      .update(playerOutEpisodes)
      .set({ isOut, episode })
      .where(
        and(
          eq(playerOutEpisodes.playerId, row.playerId),
          eq(playerOutEpisodes.season, week.season),
          eq(playerOutEpisodes.week, week.week),
        ),
      );
  }
  const fresh = [...outNow].filter((id) => !heldIds.has(id));
  if (fresh.length > 0) {
    await db
      .insert(playerOutEpisodes)
      .values(fresh.map((playerId) => ({ playerId, ...week, episode: 0, isOut: true })))
      .onConflictDoNothing();
    for (const id of fresh) episodes.set(id, 0);
  }
  return episodes;
}
