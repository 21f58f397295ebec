import type { CleanupAnalyticsAnswer, CsvImportAnswer, CsvPreviewAnswer } from '@fm/api';
import { CSV_FIELD, isCsvUpload } from '@fm/contract';
import { api, apiFetch, buildUrl } from '../../lib/api-client';
import { trpcClient } from '../../lib/trpc-client';

const BASE = '/admin/data-management';

export const DROP_ERROR = 'Please drop a valid CSV file';
export const NO_FILE_ERROR = 'Please select a CSV file first';

export function isCsvFile(file: { name: string; type: string }): boolean {
  return isCsvUpload(file.type, file.name);
}

export type CsvPreview = CsvPreviewAnswer;
export type ImportResult = CsvImportAnswer;

/** The server's `error` string or `message`, else the response text. */
async function failureText(response: Response, fallback: string): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON
  }
  return text || fallback;
}

async function upload<T>(path: string, form: FormData, action: 'preview' | 'import'): Promise<T> {
  let response: Response;
  try {
    response = await apiFetch(buildUrl(`${BASE}/${path}`), { method: 'POST', body: form });
  } catch (error) {
    throw new Error(`Failed to ${action} CSV: ${(error as Error).message}`);
  }
  if (!response.ok)
    throw new Error(await failureText(response, `Failed to ${action} CSV (${response.status})`));
  const body = (await response.json()) as { success: boolean; data: T };
  return body.data;
}

export function previewCsv(file: File): Promise<CsvPreview> {
  const form = new FormData();
  form.set(CSV_FIELD, file);
  return upload<CsvPreview>('preview-csv', form, 'preview');
}

export function importCsv(
  file: File,
  options: { updateExisting: boolean; batchSize: number },
): Promise<ImportResult> {
  const form = new FormData();
  form.set('updateExisting', String(options.updateExisting));
  form.set('batchSize', String(options.batchSize));
  form.set(CSV_FIELD, file);
  return upload<ImportResult>('import-projections', form, 'import');
}

export type ExportKind = 'projections' | 'analytics';
export interface ExportOptions {
  format: 'csv' | 'json';
  week: string;
  season: string;
  position: string;
  team: string;
  limit: string;
}

/** Downloads an export as `{kind}_export_{timestamp}.{format}` (the server names it). */
export async function downloadExport(kind: ExportKind, options: ExportOptions): Promise<string> {
  const query = {
    format: options.format,
    week: options.week,
    season: options.season,
    position: options.position === 'all' ? '' : options.position,
    team: options.team.trim().toUpperCase(),
    limit: options.limit,
  };
  const response = await apiFetch(buildUrl(`${BASE}/export-${kind}`, query));
  if (!response.ok) throw new Error(await failureText(response, 'Failed to export data'));
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName =
    /filename="([^"]+)"/.exec(disposition)?.[1] ??
    `${kind}_export_${new Date().toISOString().replace(/[:.]/g, '-')}.${options.format}`;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return fileName;
}

/** A plain route, not a procedure: the server reads its DELETE body itself. */
export function cleanupAnalytics(olderThanDays: number, eventTypes: string[]) {
  return api.delete<CleanupAnalyticsAnswer>(`${BASE}/cleanup-analytics`, {
    body: { olderThanDays, ...(eventTypes.length > 0 ? { eventTypes } : {}) },
  });
}

/** Archives inactive accounts, or with `dryRun` only counts them. */
export function archiveUsers(inactiveDays: string, dryRun: boolean) {
  return trpcClient.admin.dataManagement.archiveUsers.mutate({ inactiveDays, dryRun });
}
