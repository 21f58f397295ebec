import { normalizePosition, POSITION_BASELINE, type SeasonPlayer } from '@fm/engine';
import { restOfSeasonWeeks } from '@fm/projections';

/** A player with his expected points in each remaining regular-season week, in the league's scoring. */
export interface RosPlayer {
  id: string;
  position: string;
  name: string;
  team: string;
  injuryStatus: string | null;
  byeWeek: number | null;
  /** One entry per remaining week of the league, in its order. */
  weeks: { week: number; mean: number; std: number }[];
}

export interface RosPlayerFacts {
  id: string;
  name: string;
  position: string;
  team: string;
  injuryStatus: string | null;
  byeWeek: number | null;
}

/**
 * His rest of the season from this week's projection (league scoring): without one, the position's average the
 * simulations fill in (as the league page does), and nothing at a position the engine does not model.
 */
export function rosPlayerOf(
  facts: RosPlayerFacts,
  projection: { mean: number; std: number } | undefined,
  fromWeek: number,
  weeks: readonly number[],
): RosPlayer {
  const position = normalizePosition(facts.position);
  const thisWeek = projection ?? (position ? POSITION_BASELINE[position] : { mean: 0, std: 0 });
  const lastWeek = weeks.at(-1);
  const spread =
    lastWeek === undefined
      ? []
      : restOfSeasonWeeks(
          {
            position: facts.position,
            mean: thisWeek.mean,
            std: thisWeek.std,
            byeWeek: facts.byeWeek,
            injuryStatus: facts.injuryStatus,
          },
          fromWeek,
          lastWeek,
        );
  const byWeek = new Map(spread.map((entry) => [entry.week, entry]));
  return {
    ...facts,
    weeks: weeks.map((week) => byWeek.get(week) ?? { week, mean: 0, std: 0 }),
  };
}

/** The player as the engine's line-ups take him. */
export function seasonPlayerOf(player: RosPlayer): SeasonPlayer {
  return {
    id: player.id,
    position: player.position,
    weeklyMeans: player.weeks.map((week) => week.mean),
    weeklyStds: player.weeks.map((week) => week.std),
  };
}
