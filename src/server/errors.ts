/** The error codes services throw; the single error handler maps each to an HTTP status. */
export const AppErrorCode = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof AppErrorCode;

/** The one error type of the domain: a code, a message a customer may read, and data the page may show. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }

  get status(): number {
    return AppErrorCode[this.code];
  }
}

/** The message a signed-out caller gets; the browser redirects to the login page on "log in". */
export const NOT_SIGNED_IN = 'Please log in to continue';
