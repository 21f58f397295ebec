import { useRef, useState, type ChangeEvent } from 'react';
import {
  downloadPreferencesFile,
  PreferencesImportError,
  readPreferencesFile,
  IMPORT_ERRORS,
} from './preferences-file';
import { getPreferences, savePreferences } from './preferences-store';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/** Export the local preferences to a JSON file, or import one (checked before it is applied). */
export function PreferencesFileControls() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      savePreferences(await readPreferencesFile(file));
      setOutcome({ tone: 'success', message: `Preferences imported from ${file.name}.` });
    } catch (error) {
      const message = error instanceof PreferencesImportError ? error.message : IMPORT_ERRORS.readFailed;
      setOutcome({ tone: 'error', message });
    } finally {
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <section aria-labelledby="preferences-file-heading" className="settings-section">
      <h2 id="preferences-file-heading">Preferences file</h2>
      <p className="field__hint">
        Your preferences (motion, favorites, recent searches, saved filters, chart and league settings) live
        in this browser. Save them to a file to move them to another browser.
      </p>
      <div className="settings-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => downloadPreferencesFile(getPreferences())}
        >
          Export preferences
        </button>
        <label className="button button--secondary file-button">
          Import preferences
          <input
            ref={inputRef}
            type="file"
            accept=".json,application/json"
            className="visually-hidden"
            onChange={onImport}
          />
        </label>
      </div>
      <div aria-live="polite">
        {outcome && (
          <p
            className={`banner banner--${outcome.tone}`}
            role={outcome.tone === 'error' ? 'alert' : undefined}
          >
            {outcome.message}
          </p>
        )}
      </div>
    </section>
  );
}
