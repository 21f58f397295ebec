import { POSITIONS } from '@fm/engine';
import { Banner, Button } from '@fm/ui';
import { useId, useState } from 'react';
import {
  EXPORT_DEFAULT_LIMIT,
  EXPORT_MAX_LIMIT,
  EXPORT_MIN_LIMIT,
  FIRST_SEASON,
  FIRST_WEEK,
  LAST_NFL_WEEK,
  LAST_SEASON,
  nflSeasonOn,
} from '@fm/contract';
import { downloadExport, type ExportKind, type ExportOptions } from './data-management-api';

export const EXPORT_POSITIONS = ['all', ...POSITIONS] as const;
/** The form's starting values: every row of the season in play. */
const defaultOptions = (): ExportOptions => ({
  format: 'csv',
  week: '',
  season: String(nflSeasonOn(new Date())),
  position: 'all',
  team: '',
  limit: String(EXPORT_DEFAULT_LIMIT),
});

const isWholeNumberIn = (value: string, min: number, max: number) => {
  const number = Number(value);
  return value.trim() !== '' && Number.isInteger(number) && number >= min && number <= max;
};

/** What is wrong with the export form, in plain words, or null: checked before anything is sent. */
export function exportOptionsProblem(options: ExportOptions): string | null {
  if (options.week !== '' && !isWholeNumberIn(options.week, FIRST_WEEK, LAST_NFL_WEEK))
    return `Week must be a whole number from ${FIRST_WEEK} to ${LAST_NFL_WEEK}, or blank for all weeks.`;
  if (!isWholeNumberIn(options.season, FIRST_SEASON, LAST_SEASON))
    return `Season must be a whole number from ${FIRST_SEASON} to ${LAST_SEASON}.`;
  if (!isWholeNumberIn(options.limit, EXPORT_MIN_LIMIT, EXPORT_MAX_LIMIT))
    return `Limit must be a whole number from ${EXPORT_MIN_LIMIT} to ${EXPORT_MAX_LIMIT}.`;
  return null;
}
const KIND_LABEL: Record<ExportKind, string> = { projections: 'Projections', analytics: 'Analytics' };

export function exportSuccessMessage(kind: ExportKind): string {
  return `${KIND_LABEL[kind]} data exported successfully`;
}

export function ExportTab() {
  const id = useId();
  const [options, setOptions] = useState<ExportOptions>(defaultOptions);
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const set = (patch: Partial<ExportOptions>) => setOptions((current) => ({ ...current, ...patch }));

  const run = async (kind: ExportKind) => {
    const problem = exportOptionsProblem(options);
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    setBusy(kind);
    setMessage(null);
    try {
      await downloadExport(kind, options);
      setMessage({ tone: 'success', text: exportSuccessMessage(kind) });
    } catch (error) {
      setMessage({ tone: 'error', text: `Failed to export data. ${(error as Error).message}` });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="data-tab">
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      <form
        className="export-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run('projections');
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-format`}>Format</label>
          <select
            id={`${id}-format`}
            value={options.format}
            onChange={(e) => set({ format: e.target.value as 'csv' | 'json' })}
          >
            <option value="csv">CSV</option>
            <option value="json">JSON</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-week`}>Week</label>
          <input
            id={`${id}-week`}
            type="number"
            min={FIRST_WEEK}
            max={LAST_NFL_WEEK}
            placeholder="All"
            value={options.week}
            onChange={(e) => set({ week: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-season`}>Season</label>
          <input
            id={`${id}-season`}
            type="number"
            min={FIRST_SEASON}
            max={LAST_SEASON}
            value={options.season}
            onChange={(e) => set({ season: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-position`}>Position</label>
          <select
            id={`${id}-position`}
            value={options.position}
            onChange={(e) => set({ position: e.target.value })}
          >
            {EXPORT_POSITIONS.map((position) => (
              <option key={position} value={position}>
                {position === 'all' ? 'All' : position}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-team`}>Team</label>
          <input
            id={`${id}-team`}
            maxLength={3}
            value={options.team}
            placeholder="e.g. KC"
            onChange={(e) => set({ team: e.target.value.toUpperCase() })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-limit`}>Limit</label>
          <input
            id={`${id}-limit`}
            type="number"
            min={EXPORT_MIN_LIMIT}
            max={EXPORT_MAX_LIMIT}
            step={100}
            value={options.limit}
            onChange={(e) => set({ limit: e.target.value })}
          />
        </div>
        <div className="admin-actions export-form__actions">
          <Button type="submit" isBusy={busy === 'projections'} disabled={busy !== null}>
            Export Projections
          </Button>
          <Button
            variant="secondary"
            isBusy={busy === 'analytics'}
            disabled={busy !== null}
            onClick={() => void run('analytics')}
          >
            Export Analytics
          </Button>
        </div>
      </form>
    </div>
  );
}
