import { AppError } from '../errors.js';

/** The multipart parser's error (it has no code) for a form that ends before its closing boundary. */
export const CUT_OFF_FORM = /unexpected end of multipart data/i;

/** A multipart boundary is 1 to 70 characters (RFC 2046); without a usable one the form cannot be read. */
export function assertBoundary(contentType: string | undefined): void {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  if (boundary.length < 1 || boundary.length > 70) throw new AppError('BAD_REQUEST', 'The form has no usable multipart boundary in its Content-Type');
}
