import { MultiLineChart } from '@fm/ui';
import type { WeeklyLines } from './use-compare';

/** PPR points per week: a line per player, and the same figures as a table. */
export function WeeklySection({ weekly }: { weekly: WeeklyLines }) {
  const weeks = [
    ...new Set(weekly.data.flatMap((entry) => entry.weeks.map((line) => Number(line.week)))),
  ].sort((a, b) => a - b);
  const names = weekly.data.map((entry) => entry.player.player_name);
  const pointsOf = (entryIndex: number, week: number): number | null => {
    const line = weekly.data[entryIndex]?.weeks.find((l) => Number(l.week) === week);
    return line && line.played ? Number(line.fantasy_points_ppr) : null;
  };
  const series = weekly.data.map((entry, index) => ({
    name: entry.player.player_name,
    values: weeks.map((week) => pointsOf(index, week)),
  }));
  return (
    <section className="compare-section" aria-labelledby="compare-weekly">
      <h2 id="compare-weekly">Week by week</h2>
      <div className="card">
        <MultiLineChart
          label={`PPR points per week, ${weekly.season ?? ''} season`}
          xTitle="Week"
          xLabels={weeks.map((week) => `W${week}`)}
          series={series}
          emptyText="No weekly stats for these players this season."
        />
      </div>
      {weeks.length > 0 && (
        <div
          className="table-wrap compare-weekly-table"
          tabIndex={0}
          role="region"
          aria-label="PPR points by week (scrolls sideways)"
        >
          <table className="table table--cards comparison-table" aria-label="PPR points by week">
            <thead>
              <tr>
                <th scope="col">Week</th>
                {names.map((name) => (
                  <th key={name} scope="col" className="numeric">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week}>
                  <th scope="row" data-label="Week">
                    {week}
                  </th>
                  {weekly.data.map((entry, index) => {
                    const line = entry.weeks.find((l) => Number(l.week) === week);
                    const points = pointsOf(index, week);
                    return (
                      <td key={entry.player.player_id} data-label={names[index]} className="numeric">
                        {points === null ? '—' : points.toFixed(1)}
                        {line && (
                          <span className="compare-weekly-table__opponent"> {String(line.opponent)}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
