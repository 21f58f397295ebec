import type { CsvPreview, ImportResult } from './data-management-api';

/** "1 row", "2 rows". */
export function rowsLabel(count: number): string {
  return `${count} ${count === 1 ? 'row' : 'rows'}`;
}

/** The success text: 'Import completed! Created: n, Updated: n, Processed: n'. */
export function importSuccessMessage(
  result: Pick<ImportResult, 'created' | 'updated' | 'processed'>,
): string {
  return `Import completed! Created: ${result.created}, Updated: ${result.updated}, Processed: ${result.processed}`;
}

export interface ImportOutcome {
  tone: 'success' | 'warning' | 'error';
  text: string;
}

/**
 * The banner after an import: success only when every row was saved; a failure when none was
 * (never a green "completed" for an import that saved nothing); a warning in between.
 */
export function importOutcome(result: ImportResult): ImportOutcome {
  if (result.errorCount === 0) return { tone: 'success', text: importSuccessMessage(result) };
  if (result.processed === 0) {
    return {
      tone: 'error',
      text: `Import failed: none of the rows could be imported (${rowsLabel(result.errorCount)} with errors). Nothing was saved; see the errors below.`,
    };
  }
  return {
    tone: 'warning',
    text: `${importSuccessMessage(result)}. ${rowsLabel(result.errorCount)} could not be imported; see the errors below.`,
  };
}

/** "Preview (1 row)"; a file with no data rows says so. */
export function previewHeading(preview: Pick<CsvPreview, 'totalRows'>): string {
  return preview.totalRows === 0 ? 'Preview: no data rows' : `Preview (${rowsLabel(preview.totalRows)})`;
}

/** "1 problem found:", "3 problems found:". */
export function problemsLabel(count: number): string {
  return `${count} ${count === 1 ? 'problem' : 'problems'} found:`;
}
