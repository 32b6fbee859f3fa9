import type { z } from 'zod';
import { AppError } from '../errors.js';

/** The `/v1` response body: `code` 0 is success, anything else is the HTTP status of an error. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: 0, message, data };
}

export function fail<T = null>(status: number, message: string, data: T | null = null): Envelope<T | null> {
  return { code: status, message, data };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string in parsed input that is not storable text: PostgreSQL refuses NUL in text, and a lone
 * surrogate (legal in JSON escapes) is not Unicode, so it would be stored as something else than was sent.
 */
function findUnstorableText(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; problem: string } | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { path, problem: 'must not contain NUL characters' };
    if (LONE_SURROGATE.test(value)) return { path, problem: 'is not valid Unicode text' };
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findUnstorableText(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}

/** Validates input with a shared contract; a bad field becomes a 400 that names it. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  const invalid = (path: PropertyKey[], message: string) =>
    new AppError('BAD_REQUEST', path.length > 0 ? `Invalid ${path.map(String).join('.')}: ${message}` : `Invalid request: ${message}`);
  if (!result.success) {
    const issue = result.error.issues.at(0);
    throw invalid(issue?.path ?? [], issue?.message ?? 'does not match the contract');
  }
  const unstorable = findUnstorableText(result.data);
  if (unstorable) throw invalid(unstorable.path, unstorable.problem);
  return result.data;
}
