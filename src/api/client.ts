import type { CALLS, CallInput, CallOutput } from '@/shared/contracts/calls';
import { type CallName, ENDPOINTS, type Endpoint } from '@/shared/contracts/endpoints';

/**
 * A `/v1` call that did not succeed: the server's message, and the HTTP status (0 for network failures).
 * `fromServer` is false when the answer carried no message of ours (a proxy's HTML error page, an empty
 * body): the message is then only a technical description, not words for the customer.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly fromServer = false,
  ) {
    super(message);
  }
}

/**
 * Whether the server answered the last call: false after a network failure or a gateway's 502, 503 or
 * 504 without our envelope (the server down or restarting), true again after any answer of ours. The
 * dashboard's connection banner listens (`stores/connection.ts`).
 */
let reachable = true;
const reachabilityListeners = new Set<(reachable: boolean) => void>();

export function onReachabilityChange(listener: (reachable: boolean) => void): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

export function reportReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  for (const listener of reachabilityListeners) listener(value);
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
    if (response.status >= 502 && response.status <= 504) reportReachable(false);
    throw new ApiError(`Unexpected response (HTTP ${response.status})`, response.status);
  }
  // The server's own 503 ("briefly unavailable": its database is down) counts as out of reach too.
  reportReachable(response.status !== 503);
  if (body?.code === 0) return body as ApiResponse<T>;
  if (body?.message) throw new ApiError(body.message, response.status, true);
  throw new ApiError(`Request failed (HTTP ${response.status})`, response.status);
}

/**
 * Makes a call of the API's contract table (`CALLS` in shared/contracts/calls), by name: POSTs the JSON
 * body with the session cookie (a GET, with no body, for calls a page makes on load), resolves the whole
 * body when `code` is 0 and rejects with the server's message otherwise. No timeout, as the product
 * specifies. Only the call's path travels to the browser (`ENDPOINTS`); its schemas stay types here.
 */
export async function call<N extends CallName>(
  name: N,
  ...[body]: Record<never, never> extends CallInput<(typeof CALLS)[N]> ? [body?: CallInput<(typeof CALLS)[N]>] : [body: CallInput<(typeof CALLS)[N]>]
): Promise<ApiResponse<CallOutput<(typeof CALLS)[N]>>> {
  const endpoint: Endpoint = ENDPOINTS[name];
  const viaGet = endpoint.methods?.includes('GET') ?? false;
  let response: Response;
  try {
    response = viaGet
      ? await fetch(endpoint.path, { credentials: 'include' })
      : await fetch(endpoint.path, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        });
  } catch (error) {
    reportReachable(false);
    throw new ApiError(errorMessage(error), 0);
  }
  return readEnvelope<CallOutput<(typeof CALLS)[N]>>(response);
}

/**
 * What a failed call (or any thrown value) says, for a toast or an inline error. Given a `fallback`, only
 * the server's own message is shown as it is; anything else (a proxy's error page, a network failure)
 * reads as the fallback.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (fallback !== undefined) return error instanceof ApiError && error.fromServer ? error.message : fallback;
  return error instanceof Error ? error.message : String(error);
}

/** True for the "not signed in" answer, on which the app sends the visitor to the login page. */
export function isLoginRequired(error: unknown): boolean {
  return error instanceof Error && /log in/i.test(error.message);
}
