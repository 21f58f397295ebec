import secureJson from 'secure-json-parse';
import { AppError, validationError } from '../errors.js';

/** JSON nested deeper than this is refused before it is parsed; our inputs nest a few levels at most. */
export const MAX_JSON_DEPTH = 32;

/**
 * U+0000 and unpaired UTF-16 surrogate halves: PostgreSQL cannot store either, and nobody types
 * them, so they are refused in every string a request carries (values and keys).
 */
const FORBIDDEN_CHARACTER = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const invalidJson = (message = 'The request body is not valid JSON.') =>
  new AppError('INVALID_JSON', message, 400);

/** True when brackets outside strings nest deeper than MAX_JSON_DEPTH (one pass, no parsing). */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isInString) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) isInString = false;
    } else if (code === 0x22) {
      isInString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** The path (`user_team.0`) of the first string in `value` holding a forbidden character. */
function findForbiddenText(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return FORBIDDEN_CHARACTER.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (FORBIDDEN_CHARACTER.test(key)) return itemPath;
    const found = findForbiddenText(item, itemPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Throws 400 VALIDATION_ERROR naming the field when any string in `value` holds U+0000 or a lone surrogate. */
export function requireCleanText(value: unknown, field = ''): void {
  const found = findForbiddenText(value, field);
  if (found === undefined) return;
  const name = found || 'body';
  throw validationError(`${name}: must not contain the character U+0000 or an unpaired surrogate.`, name);
}

/**
 * Parses JSON from a client: refuses deep nesting before parsing (400 INVALID_JSON), prototype
 * keys (`__proto__`, `constructor.prototype`) and forbidden characters; empty text is no body.
 */
export function parseUntrustedJson(text: string, field = ''): unknown {
  if (text.trim() === '') return undefined;
  if (nestsTooDeep(text)) {
    throw invalidJson(`The JSON is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  let value: unknown;
  try {
    value = secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw invalidJson();
  }
  requireCleanText(value, field);
  return value;
}
