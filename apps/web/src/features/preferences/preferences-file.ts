import type { Preferences } from './preferences-defaults';
import { isRecord, migratePreferences } from './preferences-migration';

/** The messages a failed import shows. */
export const IMPORT_ERRORS = {
  invalidFormat: 'Invalid preferences file format',
  invalidMotion: 'Invalid motion preferences in import file',
  parseFailed: 'Failed to parse preferences file',
  readFailed: 'Failed to read file',
} as const;

const REQUIRED_SECTIONS = [
  'favoriteMetrics',
  'defaultFilters',
  'chartPreferences',
  'dashboardLayout',
  'leagueSettings',
  'notificationSettings',
  'motionPreferences',
] as const;
const REQUIRED_MOTION_FLAGS = ['reducedMotion', 'autoOptimize', 'userOverride'] as const;

export class PreferencesImportError extends Error {
  override name = 'PreferencesImportError';
}

/** Checks an exported file's text and returns it in the current shape. */
export function parsePreferencesFile(text: string): Preferences {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new PreferencesImportError(IMPORT_ERRORS.parseFailed);
  }
  if (!isRecord(data) || REQUIRED_SECTIONS.some((section) => !(section in data) || data[section] == null)) {
    throw new PreferencesImportError(IMPORT_ERRORS.invalidFormat);
  }
  const motion = data.motionPreferences;
  if (!isRecord(motion) || REQUIRED_MOTION_FLAGS.some((flag) => typeof motion[flag] !== 'boolean')) {
    throw new PreferencesImportError(IMPORT_ERRORS.invalidMotion);
  }
  return migratePreferences(data);
}

export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new PreferencesImportError(IMPORT_ERRORS.readFailed));
    reader.readAsText(file);
  });
}

export async function readPreferencesFile(file: Blob): Promise<Preferences> {
  return parsePreferencesFile(await readFileText(file));
}

export function preferencesFileName(now = new Date()): string {
  return `fantasy-matchup-preferences-${now.toISOString().slice(0, 10)}.json`;
}

/** Saves the preferences as a JSON file through the browser's download. */
export function downloadPreferencesFile(preferences: Preferences): void {
  const blob = new Blob([JSON.stringify(preferences, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = preferencesFileName();
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
