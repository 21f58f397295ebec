import { openDatabase, runMigrations } from '@fm/db';
import pino from 'pino';
import { loadConfig } from '../config.js';
import { connectRedis } from '../redis.js';
import { openDataChangeChannel } from '../services/data-changes/data-change-channel.js';
import { createDataVersion } from '../services/data-changes/data-version.js';
import { describeProblem } from '../services/nfl-import/import-plan.js';
import {
  importNflData,
  type ImportProgress,
  type ImportSummary,
} from '../services/nfl-import/import-nfl-data.js';

const USAGE = 'Usage: npm run data:import -- <folder of NFL.com weekly CSVs>';
const BAR_WIDTH = 30;
const MAX_PROBLEMS_SHOWN = 20;

/** A one-line bar redrawn in place on stderr when it is a terminal; nothing otherwise. */
function progressBar(stream: NodeJS.WriteStream): (progress: ImportProgress) => void {
  if (!stream.isTTY) return () => {};
  return ({ done, total, step }) => {
    const filled = Math.round((done / Math.max(total, 1)) * BAR_WIDTH);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
    const line = `${bar} ${done}/${total} ${step}`.slice(0, (stream.columns ?? 100) - 1);
    stream.write(`\r\x1b[2K${line}`);
    if (step === 'done') stream.write('\n');
  };
}

function formatCount({ created, updated }: { created: number; updated: number }): string {
  return `${created} new, ${updated} updated`;
}

function printSummary(summary: ImportSummary): void {
  const out = process.stdout;
  out.write(`Imported ${summary.dataDir}\n`);
  out.write(`  files    ${summary.files}\n`);
  out.write(`  rows     ${summary.rows}\n`);
  out.write(`  players  ${summary.players}\n`);
  out.write(
    `  changed  ${summary.totalChanged === 0 ? '0 changed (already up to date)' : `${summary.totalChanged} rows`}\n`,
  );
  out.write(`    players            ${formatCount(summary.changed.players)}\n`);
  out.write(`    weekly stat lines  ${formatCount(summary.changed.stats)}\n`);
  out.write(`    NFL.com projections ${formatCount(summary.changed.nflcomProjections)}\n`);
  out.write(`    model projections  ${formatCount(summary.changed.modelProjections)}\n`);
  out.write(`  seconds  ${summary.seconds}\n`);
  if (summary.problems.length > 0) {
    process.stderr.write(`${summary.problems.length} malformed line(s) skipped (the rest was imported):\n`);
    for (const problem of summary.problems.slice(0, MAX_PROBLEMS_SHOWN))
      process.stderr.write(`  ${describeProblem(problem)}\n`);
    if (summary.problems.length > MAX_PROBLEMS_SHOWN) {
      process.stderr.write(`  … and ${summary.problems.length - MAX_PROBLEMS_SHOWN} more\n`);
    }
  }
}

async function main(): Promise<number> {
  const dataDir = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!dataDir) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl }
      : { dataDir: config.dataDir },
  );
  // warnings only, on stderr: stdout carries the summary
  const log = pino({ level: config.logLevel === 'silent' ? 'silent' : 'warn' }, pino.destination(2));
  const redis = connectRedis(config, log);
  try {
    await runMigrations(database, { databaseUrl: config.databaseDirectUrl ?? config.databaseUrl });
    // running API processes drop their caches when this import announces its change
    const dataVersion = createDataVersion(database);
    const dataChanges = await openDataChangeChannel({ config, database, dataVersion, log, redis });
    try {
      const summary = await importNflData({ database, dataVersion }, dataDir, {
        onProgress: progressBar(process.stderr),
      });
      printSummary(summary);
      return summary.problems.length > 0 ? 1 : 0;
    } finally {
      await dataChanges.close();
    }
  } finally {
    redis?.disconnect();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`\nImport failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
