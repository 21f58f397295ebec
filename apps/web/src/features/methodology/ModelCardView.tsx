import type { ReactNode } from 'react';

/**
 * Renders the model card as the backtest wrote it, whatever its exact layout: plain values as a
 * definition list, lists of rows as tables, nested groups as sub-sections. Nothing is retyped.
 */
export type CardValue = string | number | boolean | null | CardValue[] | { [key: string]: CardValue };
type CardRecord = { [key: string]: CardValue };

const PERCENT_KEYS = /accura|rate|share|coverage|percent|pct|hit/i;
const MAX_DEPTH = 5;

export function ModelCardView({ card }: { card: CardRecord }) {
  return <CardGroup value={card} depth={3} />;
}

function CardGroup({ value, depth }: { value: CardRecord; depth: number }) {
  const entries = Object.entries(value);
  const scalars = entries.filter(([, v]) => !isGroup(v) && !isRowList(v) && !isLongText(v));
  const texts = entries.filter(([, v]) => isLongText(v));
  const groups = entries.filter(([, v]) => isGroup(v) || isRowList(v));
  return (
    <>
      {texts.map(([key, text]) => (
        <p key={key}>
          <strong>{humanize(key)}:</strong> {String(text)}
        </p>
      ))}
      {scalars.length > 0 && (
        <dl className="card-facts">
          {scalars.map(([key, v]) => (
            <div key={key}>
              <dt>{humanize(key)}</dt>
              <dd>{formatValue(key, v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {groups.map(([key, v]) => (
        <section key={key} className="card-group">
          <Heading depth={depth}>{humanize(key)}</Heading>
          {isRowList(v) ? (
            <RowTable caption={humanize(key)} rows={v} />
          ) : depth < MAX_DEPTH + 2 ? (
            <CardGroup value={v as CardRecord} depth={depth + 1} />
          ) : null}
        </section>
      ))}
    </>
  );
}

function RowTable({ caption, rows }: { caption: string; rows: CardRecord[] }) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {humanize(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column) => (
                <td key={column}>{formatValue(column, row[column] ?? null)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Heading({ depth, children }: { depth: number; children: ReactNode }) {
  if (depth <= 3) return <h3>{children}</h3>;
  if (depth === 4) return <h4>{children}</h4>;
  return <h5>{children}</h5>;
}

export function formatValue(key: string, value: CardValue): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (PERCENT_KEYS.test(key) && value >= 0 && value <= 1) return `${(value * 100).toFixed(1)}%`;
    // Seasons and weeks read as 2024, not 2,024; counts from 10,000 up get separators.
    if (Number.isInteger(value))
      return Math.abs(value) < 10_000 ? String(value) : value.toLocaleString('en-US');
    return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
  }
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => !isGroup(v) && !Array.isArray(v)))
    return value.map((v) => formatValue(key, v)).join(', ');
  return JSON.stringify(value);
}

/** `startSitAccuracy` → "Start sit accuracy", `pred_std` → "Pred std". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isGroup(value: CardValue): value is CardRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRowList(value: CardValue): value is CardRecord[] {
  return Array.isArray(value) && value.length > 0 && value.every(isGroup);
}

function isLongText(value: CardValue): boolean {
  return typeof value === 'string' && value.length > 80;
}
