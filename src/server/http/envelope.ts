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

export function fail(status: number, message: string): Envelope<null> {
  return { code: status, message, data: null };
}

/** Validates input with a shared contract; a bad field becomes a 400 that names it. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
  throw new AppError('BAD_REQUEST', field ? `Invalid ${field}: ${issue.message}` : `Invalid request: ${issue.message}`);
}
