export interface MetricRow {
  /** A name the user's favorite-metric preference can hold. */
  id?: string;
  /** One of the user's favorite metrics. */
  isFavorite?: boolean;
  label: string;
  /** One value per player, in column order; null when it does not apply (no targets, no games…). */
  values: Array<number | null | undefined>;
  format?: (value: number) => string;
  /** Which end is better; the best value is highlighted. Absent: no highlight. */
  better?: 'higher' | 'lower';
}

export const formatNumber = (digits: number) => (value: number) => value.toFixed(digits);
export const formatPercent = (value: number) => `${(value * 100).toFixed(1)} %`;
export const formatWhole = (value: number) => String(Math.round(value));

function bestIndex(row: MetricRow): number | null {
  if (!row.better) return null;
  const present = row.values
    .map((value, index) => ({ value, index }))
    .filter((v): v is { value: number; index: number } => typeof v.value === 'number');
  if (present.length < 2) return null;
  const sorted = [...present].sort((a, b) =>
    row.better === 'higher' ? b.value - a.value : a.value - b.value,
  );
  return sorted[0]!.value === sorted[1]!.value ? null : sorted[0]!.index;
}

/** Players side by side: one column each, one row per figure, the best of a row marked. */
export function ComparisonTable({
  caption,
  players,
  rows,
  onToggleFavorite,
}: {
  caption: string;
  players: string[];
  rows: MetricRow[];
  /** Given, rows with an id get a star that pins them to the top (or unpins them). */
  onToggleFavorite?: (id: string) => void;
}) {
  return (
    // Focusable so that a keyboard can scroll it sideways on a narrow screen.
    <div className="table-wrap" tabIndex={0} role="region" aria-label={`${caption} (scrolls sideways)`}>
      <table className="table table--cards comparison-table" aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">{caption}</th>
            {players.map((name) => (
              <th key={name} scope="col" className="numeric">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const best = bestIndex(row);
            return (
              <tr key={row.label}>
                <th scope="row">
                  {onToggleFavorite && row.id !== undefined && (
                    <button
                      type="button"
                      className={`favorite-toggle${row.isFavorite ? ' favorite-toggle--on' : ''}`}
                      aria-pressed={row.isFavorite === true}
                      aria-label={`${row.isFavorite ? 'Unpin' : 'Pin'} ${row.label} ${row.isFavorite ? 'from' : 'to'} the top`}
                      onClick={() => onToggleFavorite(row.id!)}
                    >
                      {row.isFavorite ? '★' : '☆'}
                    </button>
                  )}
                  {row.label}
                </th>
                {row.values.map((value, index) => (
                  <td
                    key={players[index] ?? index}
                    data-label={players[index]}
                    className={`numeric${index === best ? ' is-best' : ''}`}
                  >
                    {typeof value === 'number' ? (row.format ?? formatNumber(1))(value) : '—'}
                    {index === best && <span className="visually-hidden"> (best)</span>}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
