import { Banner, Button } from '@fm/ui';
import { useId, useState } from 'react';
import { downloadExport, type ExportKind, type ExportOptions } from './data-management-api';

/** Spec §5 export bounds and defaults. */
export const EXPORT_POSITIONS = ['all', 'QB', 'RB', 'WR', 'TE', 'K', 'DEF'] as const;
const DEFAULTS: ExportOptions = {
  format: 'csv',
  week: '',
  season: '2025',
  position: 'all',
  team: '',
  limit: '1000',
};
const KIND_LABEL: Record<ExportKind, string> = { projections: 'Projections', analytics: 'Analytics' };

export function exportSuccessMessage(kind: ExportKind): string {
  return `${KIND_LABEL[kind]} data exported successfully`;
}

export function ExportTab() {
  const id = useId();
  const [options, setOptions] = useState<ExportOptions>(DEFAULTS);
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const set = (patch: Partial<ExportOptions>) => setOptions((current) => ({ ...current, ...patch }));

  const run = async (kind: ExportKind) => {
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
            min={1}
            max={22}
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
            min={2020}
            max={2030}
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
            min={100}
            max={10_000}
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
