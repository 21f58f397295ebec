/** What the server takes as a CSV upload, shared with the web form (no server-only imports here). */

/** Admin uploads arrive as multipart field `csvFile`, at most 10 MB. */
export const CSV_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const CSV_FIELD = 'csvFile';

/** Import batches of 50–500 rows, 100 by default. */
export const MIN_BATCH_SIZE = 50;
export const MAX_BATCH_SIZE = 500;
export const DEFAULT_BATCH_SIZE = 100;

/** The MIME types a CSV upload may carry (Windows browsers label .csv files as Excel's). */
const CSV_MIME_TYPES = new Set(['text/csv', 'application/csv', 'application/vnd.ms-excel']);

/** A CSV by its type (parameters such as `; charset=utf-8` ignored) or, failing that, its name. */
export function isCsvUpload(mimetype: string, filename: string): boolean {
  return (
    CSV_MIME_TYPES.has(mimetype.split(';', 1)[0]!.trim().toLowerCase()) ||
    filename.toLowerCase().endsWith('.csv')
  );
}
