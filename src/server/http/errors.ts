import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../errors.js';
import { fail } from './envelope.js';
import { NoSuchRoute } from './session.js';

/** Framework errors a client can cause, with the status and message the client gets instead. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  // The JSON parser also refuses prototype-pollution keys, with the same error as broken JSON.
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body, or one with a __proto__ or constructor.prototype key'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Empty JSON body: send {} when there is nothing to say'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type: send application/json (multipart/form-data for the photo upload)'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Content-Length does not match the body'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'Invalid Content-Type header'],
  FST_ERR_BAD_URL: [400, 'Malformed URL'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'Malformed request'],
  FST_REQ_FILE_TOO_LARGE: [413, 'A file is too large'],
  FST_FILES_LIMIT: [413, 'Too many files'],
  FST_PARTS_LIMIT: [413, 'Too many parts in the form'],
  FST_FIELDS_LIMIT: [413, 'Too many fields in the form'],
  FST_PROTO_VIOLATION: [400, 'A form field has a reserved name (such as __proto__ or constructor)'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Expected a multipart form'],
};

/**
 * True when the database could not be reached or dropped the connection: PostgreSQL restarting or
 * shutting down (SQLSTATE class 08 and 57P0x) or no connection at all. That is an outage the client
 * can wait out, not a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message, cause } = (error ?? {}) as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (/^08/.test(code) || /^57P0[1-3]$/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)))
    return true;
  if (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|terminating connection|the database system is (starting up|shutting down)/i.test(message)
  )
    return true;
  // drizzle wraps the driver's error: look at what it wraps.
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** The single error handler: every error leaves as the `{code, message, data}` envelope, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof NoSuchRoute) return reply.callNotFound();
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(fail(error.status, error.message, error.data));
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      return reply.status(400).send(fail(400, `Invalid ${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'bad input'}`));
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known[0]).send(fail(known[0], known[1]));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Other client errors raised by plugins: keep their status, not their internals.
      return reply.status(error.statusCode).send(fail(error.statusCode, error.statusCode === 429 ? 'Too many requests; please slow down' : 'Bad request'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(fail(503, 'The service is briefly unavailable; please try again in a moment'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(500, 'Something went wrong on our side; please try again'));
  });
}
