import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Banner, Button } from '@fm/ui';
import { useId, useRef, useState, type DragEvent } from 'react';
import { DEFAULT_BATCH_SIZE, MAX_BATCH_SIZE, MIN_BATCH_SIZE } from '@fm/contract';
import { trpc } from '../../lib/trpc';
import {
  DROP_ERROR,
  importCsv,
  isCsvFile,
  NO_FILE_ERROR,
  previewCsv,
  type CsvPreview,
  type ImportResult,
} from './data-management-api';
import { importOutcome, previewHeading, problemsLabel, type ImportOutcome } from './import-messages';

/** 10 preview errors and 5 import errors are listed. */
export const PREVIEW_ERRORS_SHOWN = 10;
export const IMPORT_ERRORS_SHOWN = 5;

export function ImportTab() {
  const id = useId();
  const queryClient = useQueryClient();
  const stats = useQuery(trpc.admin.dataManagement.importStats.queryOptions());
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [updateExisting, setUpdateExisting] = useState(true);
  const [batchSize, setBatchSize] = useState(DEFAULT_BATCH_SIZE);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);

  const choose = (next: File | null) => {
    setFile(next);
    setPreview(null);
    setResult(null);
    setError(null);
    setOutcome(null);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!dropped) return;
    if (!isCsvFile(dropped)) {
      choose(null);
      setError(DROP_ERROR);
      return;
    }
    choose(dropped);
  };

  const run = async (action: 'preview' | 'import') => {
    if (!file) {
      setError(NO_FILE_ERROR);
      return;
    }
    setBusy(action);
    setError(null);
    setOutcome(null);
    try {
      if (action === 'preview') {
        setPreview(await previewCsv(file));
      } else {
        const imported = await importCsv(file, { updateExisting, batchSize });
        setResult(imported);
        const told = importOutcome(imported);
        setOutcome(told);
        // A failed import keeps the file chosen, so it can be fixed and tried again.
        if (told.tone !== 'error') {
          setFile(null);
          setPreview(null);
          if (inputRef.current) inputRef.current.value = '';
        }
        await queryClient.invalidateQueries({ queryKey: trpc.admin.dataManagement.importStats.queryKey() });
      }
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const statsData = stats.data?.data;
  const batchIsValid =
    Number.isInteger(batchSize) && batchSize >= MIN_BATCH_SIZE && batchSize <= MAX_BATCH_SIZE;

  return (
    <div className="data-tab">
      <div className="stat-grid stat-grid--3">
        <div className="card stat-card">
          <p className="stat-card__label">Total projections</p>
          <p className="stat-card__value">{statsData?.totalProjections ?? '…'}</p>
        </div>
        <div className="card stat-card">
          <p className="stat-card__label">Imported projections</p>
          <p className="stat-card__value">{statsData?.importedProjections ?? '…'}</p>
        </div>
        <div className="card stat-card">
          <p className="stat-card__label">Latest import</p>
          <p className="stat-card__value">
            {statsData
              ? statsData.latestImport
                ? `Week ${statsData.latestImport.week}, ${statsData.latestImport.season}`
                : 'None yet'
              : '…'}
          </p>
        </div>
      </div>

      {error && <Banner tone="error">{error}</Banner>}
      {outcome && <Banner tone={outcome.tone}>{outcome.text}</Banner>}

      <label
        htmlFor={`${id}-file`}
        className={`drop-zone${isDragging ? ' drop-zone--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
      >
        <span className="drop-zone__title">{file ? file.name : 'Drop a CSV file here, or choose one'}</span>
        <span className="muted">
          Columns: player_name, position, team, week, pred_mean, pred_std (optional season, player_id). Up to
          10 MB.
        </span>
        <input
          ref={inputRef}
          id={`${id}-file`}
          className="drop-zone__input"
          type="file"
          accept=".csv"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
      </label>

      <fieldset className="import-options">
        <legend>Options</legend>
        <label className="checkbox" htmlFor={`${id}-update`}>
          <input
            id={`${id}-update`}
            type="checkbox"
            checked={updateExisting}
            onChange={(e) => setUpdateExisting(e.target.checked)}
          />
          Update existing projections
        </label>
        <div className="field">
          <label htmlFor={`${id}-batch`}>Batch size</label>
          <input
            id={`${id}-batch`}
            type="number"
            min={MIN_BATCH_SIZE}
            max={MAX_BATCH_SIZE}
            value={Number.isNaN(batchSize) ? '' : batchSize}
            onChange={(e) => setBatchSize(e.target.valueAsNumber)}
            aria-describedby={`${id}-batch-hint`}
          />
          <span id={`${id}-batch-hint`} className="field__hint">
            {MIN_BATCH_SIZE} to {MAX_BATCH_SIZE} rows per transaction
          </span>
        </div>
      </fieldset>

      <div className="admin-actions">
        <Button
          variant="secondary"
          isBusy={busy === 'preview'}
          disabled={busy !== null}
          onClick={() => void run('preview')}
        >
          Preview
        </Button>
        <Button
          isBusy={busy === 'import'}
          disabled={busy !== null || !batchIsValid}
          onClick={() => void run('import')}
        >
          Import
        </Button>
      </div>

      {preview && (
        <section className="card" aria-label="CSV preview">
          <h3>{previewHeading(preview)}</h3>
          <p className="import-season">
            Rows without a season column go to the <strong>{preview.defaultSeason.season} season</strong>:{' '}
            {preview.defaultSeason.reason}.
          </p>
          {preview.errors.length > 0 && (
            <div className="validation-errors" role="alert">
              <p>{problemsLabel(preview.errorCount)}</p>
              <ul>
                {preview.errors.slice(0, PREVIEW_ERRORS_SHOWN).map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
              {preview.errorCount > PREVIEW_ERRORS_SHOWN && (
                <p>... and {preview.errorCount - PREVIEW_ERRORS_SHOWN} more errors</p>
              )}
            </div>
          )}
          {preview.preview.length === 0 ? (
            <p className="muted">No rows can be imported from this file.</p>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Player</th>
                    <th scope="col">Position</th>
                    <th scope="col">Team</th>
                    <th scope="col">Season</th>
                    <th scope="col">Week</th>
                    <th scope="col">Pred Mean</th>
                    <th scope="col">Pred Std</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.preview.map((row, index) => (
                    <tr key={`${row.player_name}-${index}`}>
                      <td>{row.player_name}</td>
                      <td>{row.position}</td>
                      <td>{row.team}</td>
                      <td>{row.season}</td>
                      <td>{row.week}</td>
                      <td>{row.pred_mean}</td>
                      <td>{row.pred_std}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}

      {result && (
        <section className="card" aria-label="Import results">
          <h3>Results</h3>
          <div className="results-grid">
            <div>
              <span className="muted">Processed</span>
              <strong>{result.processed}</strong>
            </div>
            <div>
              <span className="muted">Created</span>
              <strong>{result.created}</strong>
            </div>
            <div>
              <span className="muted">Updated</span>
              <strong>{result.updated}</strong>
            </div>
            <div>
              <span className="muted">Errors</span>
              <strong>{result.errorCount}</strong>
            </div>
          </div>
          {result.errors.length > 0 && (
            <ul className="validation-errors">
              {result.errors.slice(0, IMPORT_ERRORS_SHOWN).map((item, index) => (
                <li key={`${item.player}-${index}`}>
                  {item.player}: {item.error}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
