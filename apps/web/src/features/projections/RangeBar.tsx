/** A p10–p90 bar with the median marked, on a scale shared by every row of the table. */
export function RangeBar({
  p10,
  p50,
  p90,
  max,
}: {
  p10: number | null;
  p50: number | null;
  p90: number | null;
  max: number;
}) {
  if (p10 === null || p90 === null || max <= 0) return <span className="range-bar__none">—</span>;
  const at = (value: number) => `${Math.min(100, Math.max(0, (value / max) * 100))}%`;
  const width = `${Math.max(1, ((Math.min(p90, max) - Math.max(p10, 0)) / max) * 100)}%`;
  return (
    <span
      className="range-bar"
      title={`80 % of outcomes between ${p10.toFixed(1)} and ${p90.toFixed(1)} points`}
    >
      <span className="range-bar__track" aria-hidden="true">
        <span className="range-bar__span" style={{ left: at(Math.max(p10, 0)), width }} />
        {p50 !== null && <span className="range-bar__median" style={{ left: at(p50) }} />}
      </span>
      <span className="range-bar__label">
        {p10.toFixed(1)}–{p90.toFixed(1)}
      </span>
    </span>
  );
}
