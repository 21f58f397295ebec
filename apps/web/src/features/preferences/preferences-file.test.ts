import { describe, expect, it } from 'vitest';
import { defaultPreferences } from './preferences-defaults';
import {
  IMPORT_ERRORS,
  parsePreferencesFile,
  preferencesFileName,
  readPreferencesFile,
} from './preferences-file';

const exported = () => JSON.stringify({ ...defaultPreferences(), favoriteTeams: ['KC'] });

describe('preference file import', () => {
  it('accepts an exported file and returns it in the current shape', () => {
    const imported = parsePreferencesFile(exported());
    expect(imported.favoriteTeams).toEqual(['KC']);
    expect(imported.version).toBe(defaultPreferences().version);
  });

  it('ignores keys it does not know (from an older or newer version) instead of refusing the file', () => {
    const data = JSON.parse(exported());
    data.themeOfTheWeek = 'dark';
    data.defaultFilters.legacyRegion = 'AFC';
    const imported = parsePreferencesFile(JSON.stringify(data));
    expect(imported.favoriteTeams).toEqual(['KC']);
    expect('themeOfTheWeek' in imported).toBe(false);
    expect(imported.defaultFilters).toEqual(defaultPreferences().defaultFilters);
  });

  it('refuses text that is not JSON', () => {
    expect(() => parsePreferencesFile('{"favoriteMetrics": [')).toThrow(IMPORT_ERRORS.parseFailed);
    expect(IMPORT_ERRORS.parseFailed).toBe('Failed to parse preferences file');
  });

  it.each([
    'favoriteMetrics',
    'defaultFilters',
    'chartPreferences',
    'dashboardLayout',
    'leagueSettings',
    'notificationSettings',
    'motionPreferences',
  ])('refuses a file without %s', (section) => {
    const data: Record<string, unknown> = JSON.parse(exported());
    delete data[section];
    expect(() => parsePreferencesFile(JSON.stringify(data))).toThrow('Invalid preferences file format');
  });

  it('refuses a JSON array or number as the wrong format', () => {
    expect(() => parsePreferencesFile('[1,2]')).toThrow('Invalid preferences file format');
    expect(() => parsePreferencesFile('3')).toThrow('Invalid preferences file format');
  });

  it.each(['reducedMotion', 'autoOptimize', 'userOverride'])(
    'refuses motion preferences whose %s is not a boolean',
    (flag) => {
      const data = JSON.parse(exported());
      data.motionPreferences[flag] = 'yes';
      expect(() => parsePreferencesFile(JSON.stringify(data))).toThrow(
        'Invalid motion preferences in import file',
      );
      data.motionPreferences = 'off';
      expect(() => parsePreferencesFile(JSON.stringify(data))).toThrow(
        'Invalid motion preferences in import file',
      );
    },
  );

  it('reads a file through the browser file reader', async () => {
    const file = new File([exported()], 'prefs.json', { type: 'application/json' });
    await expect(readPreferencesFile(file)).resolves.toMatchObject({ favoriteTeams: ['KC'] });
    await expect(readPreferencesFile(new File(['nope'], 'x.json'))).rejects.toThrow(
      'Failed to parse preferences file',
    );
  });

  it('names the export after the day', () => {
    expect(preferencesFileName(new Date('2025-09-07T20:00:00Z'))).toBe(
      'fantasy-matchup-preferences-2025-09-07.json',
    );
  });
});

describe('a file the browser cannot read', () => {
  it("answers 'Failed to read file'", async () => {
    const RealFileReader = globalThis.FileReader;
    // A browser read failure (file removed, permission lost), which jsdom cannot produce by itself.
    class FailingReader extends RealFileReader {
      override readAsText() {
        queueMicrotask(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
      }
    }
    globalThis.FileReader = FailingReader;
    try {
      await expect(readPreferencesFile(new File([exported()], 'prefs.json'))).rejects.toThrow(
        'Failed to read file',
      );
    } finally {
      globalThis.FileReader = RealFileReader;
    }
  });
});
