import { LAST_FANTASY_WEEK } from '@fm/contract';

/** Weeks a league can be shown for (NFL regular season and playoffs). */
const WEEKS = Array.from({ length: LAST_FANTASY_WEEK }, (_, i) => i + 1);

/** The week of a league page. */
export function WeekSelect({
  id,
  value,
  onChange,
  className,
}: {
  id: string;
  value: number;
  onChange(week: number): void;
  className?: string;
}) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>Week</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {WEEKS.map((week) => (
          <option key={week} value={week}>
            Week {week}
          </option>
        ))}
      </select>
    </div>
  );
}
