/** A `/v1` call that did not succeed: the server's message, and the HTTP status (0 for network failures). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface ApiResponse<T> {
  code: 0;
  message: string;
  data: T;
}

/** Reads a `/v1` response: the whole body when `code` is 0, otherwise an ApiError with the server's message. */
export async function readEnvelope<T>(response: Response): Promise<ApiResponse<T>> {
  let body: { code?: number; message?: string; data?: T } | undefined;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(`Unexpected response (HTTP ${response.status})`, response.status);
  }
  if (body?.code === 0) return body as ApiResponse<T>;
  throw new ApiError(body?.message || `Request failed (HTTP ${response.status})`, response.status);
}

/**
 * The shared call helper: POSTs a JSON body with the session cookie, resolves the whole body when
 * `code` is 0 and rejects with the server's message otherwise. No timeout, as the product specifies.
 */
export async function api<T>(path: string, body: object = {}): Promise<ApiResponse<T>> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readEnvelope<T>(response);
}

/** The same for the calls that also answer GET (user info, coupon). */
export async function apiGet<T>(path: string): Promise<ApiResponse<T>> {
  return readEnvelope<T>(await fetch(path, { credentials: 'include' }));
}

/** True for the "not signed in" answer, on which the app sends the visitor to the login page. */
export function isLoginRequired(error: unknown): boolean {
  return error instanceof Error && /log in/i.test(error.message);
}
