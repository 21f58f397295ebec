import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, four levels above this file (packages/projections/src/files). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The shared NFL.com data sits next to the repository, never inside it. */
export const DEFAULT_NFL_DATA_DIR = path.resolve(REPO_ROOT, '../shared/nfl-data');
