import { appRouter } from '../src/router/root.js';

/** A documented REST path with the schema its answers must match (the procedure's own output schema). */
interface DocumentedPath {
  method: string;
  pattern: RegExp;
  path: string;
  output: { safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } } };
}

function documentedPaths(): DocumentedPath[] {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def
    .procedures;
  const paths: DocumentedPath[] = [];
  for (const procedure of Object.values(procedures)) {
    const def = (
      procedure as { _def: { meta?: { openapi?: { method: string; path: string } }; output?: unknown } }
    )._def;
    const openapi = def.meta?.openapi;
    if (!openapi || !def.output) continue;
    const pattern = new RegExp(
      `^/api${openapi.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
    );
    paths.push({
      method: openapi.method,
      pattern,
      path: openapi.path,
      output: def.output as DocumentedPath['output'],
    });
  }
  return paths;
}

let paths: DocumentedPath[] | undefined;

/**
 * Every successful JSON answer of a documented `/api` path is parsed with the contract's schema of that path, so
 * an integration test that reads an answer also checks that the wire contract holds. Throws naming the path and
 * the first mismatches.
 */
export function assertMatchesContract(method: string, url: URL, status: number, body: unknown): void {
  if (status < 200 || status >= 300 || body === undefined || typeof body === 'string') return;
  paths ??= documentedPaths();
  const documented = paths.find((entry) => entry.method === method && entry.pattern.test(url.pathname));
  if (!documented) return;
  const result = documented.output.safeParse(body);
  if (result.success) return;
  const issues = JSON.stringify(result.error?.issues.slice(0, 3));
  throw new Error(`${method} ${url.pathname} answered outside the contract of ${documented.path}: ${issues}`);
}
