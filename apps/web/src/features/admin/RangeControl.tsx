import { useId, useState } from 'react';
import { Button } from '@fm/ui';

/** Spec §9: chart presets 7, 30 and 90 days; default 30. */
export const CHART_PRESETS = [7, 30, 90] as const;
export const DEFAULT_CHART_DAYS = 30;

export type ChartRange = { days: number } | { startDate: string; endDate: string };

export interface RangeControlProps {
  value: ChartRange;
  onChange(range: ChartRange): void;
}

/** Preset ranges, or a custom start and end applied with Apply (which does nothing unless both are set). */
export function RangeControl({ value, onChange }: RangeControlProps) {
  const id = useId();
  const [isCustom, setIsCustom] = useState('startDate' in value);
  const [startDate, setStartDate] = useState('startDate' in value ? value.startDate : '');
  const [endDate, setEndDate] = useState('startDate' in value ? value.endDate : '');

  const apply = () => {
    if (!startDate || !endDate) return;
    onChange({ startDate, endDate });
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
    </div>
  );
}
