import { useId, useState } from 'react';
import { Banner, Button } from '@fm/ui';

/** Chart range presets: 7, 30 and 90 days; default 30. */
export const CHART_PRESETS = [7, 30, 90] as const;
export const DEFAULT_CHART_DAYS = 30;

export type ChartRange = { days: number } | { startDate: string; endDate: string };

export interface RangeControlProps {
  value: ChartRange;
  onChange(range: ChartRange): void;
}

export const RANGE_INCOMPLETE_MESSAGE = 'Choose both a start date and an end date.';
export const RANGE_INVERTED_MESSAGE =
  'The start date is after the end date. Choose a start on or before the end.';

/** Why a custom range cannot be applied, or null when it can. ISO dates compare as strings. */
export function customRangeProblem(startDate: string, endDate: string): string | null {
  if (!startDate || !endDate) return RANGE_INCOMPLETE_MESSAGE;
  if (startDate > endDate) return RANGE_INVERTED_MESSAGE;
  return null;
}

/**
 * Preset ranges, or a custom start and end applied with Apply; a range missing a date or ending
 * before it starts is not sent, and the user is told why.
 */
export function RangeControl({ value, onChange }: RangeControlProps) {
  const id = useId();
  const [isCustom, setIsCustom] = useState('startDate' in value);
  const [startDate, setStartDate] = useState('startDate' in value ? value.startDate : '');
  const [endDate, setEndDate] = useState('startDate' in value ? value.endDate : '');

  const [problem, setProblem] = useState<string | null>(null);

  const apply = () => {
    const found = customRangeProblem(startDate, endDate);
    setProblem(found);
    if (!found) onChange({ startDate, endDate });
  };

  return (
    <div className="range-control">
      <div className="range-control__presets" role="group" aria-label="Date range">
        {CHART_PRESETS.map((days) => {
          const isActive = !isCustom && 'days' in value && value.days === days;
          return (
            <button
              key={days}
              type="button"
              className={`chip${isActive ? ' chip--active' : ''}`}
              aria-pressed={isActive}
              onClick={() => {
                setIsCustom(false);
                onChange({ days });
              }}
            >
              {days}d
            </button>
          );
        })}
        <button
          type="button"
          className={`chip${isCustom ? ' chip--active' : ''}`}
          aria-pressed={isCustom}
          onClick={() => setIsCustom(true)}
        >
          Custom
        </button>
      </div>
      {isCustom && (
        <div className="range-control__custom">
          <label htmlFor={`${id}-start`}>Start date</label>
          <input
            id={`${id}-start`}
            className="input"
            type="date"
            value={startDate}
            max={endDate || undefined}
            onChange={(e) => setStartDate(e.target.value)}
          />
          <label htmlFor={`${id}-end`}>End date</label>
          <input
            id={`${id}-end`}
            className="input"
            type="date"
            value={endDate}
            min={startDate || undefined}
            onChange={(e) => setEndDate(e.target.value)}
          />
          <Button variant="secondary" onClick={apply}>
            Apply
          </Button>
        </div>
      )}
      {isCustom && problem && <Banner tone="warning">{problem}</Banner>}
    </div>
  );
}
