import { useId } from 'react';

/** Seasons offered besides the current one: leagues of earlier years stay reachable. */
export const EARLIER_SEASONS_OFFERED = 4;

/** The season whose leagues the home lists: this season or one of the years before. */
export function SeasonPicker({
  currentSeason,
  season,
  onChange,
}: {
  currentSeason: number;
  season: number;
  onChange(season: number): void;
}) {
  const id = useId();
  const seasons = Array.from({ length: EARLIER_SEASONS_OFFERED + 1 }, (_, i) => currentSeason - i);
  return (
    <div className="field leagues-home__season-picker">
      <label htmlFor={id}>Season</label>
      <select id={id} value={season} onChange={(event) => onChange(Number(event.target.value))}>
        {seasons.map((year) => (
          <option key={year} value={year}>
            {year === currentSeason ? `${year} (this season)` : year}
          </option>
        ))}
      </select>
    </div>
  );
}
