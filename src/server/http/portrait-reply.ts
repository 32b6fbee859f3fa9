import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { StoredPortrait } from '../services/orders/open-portrait.js';
import { etagMatches } from './page-cache.js';
import { isCrossSite } from './security.js';

/**
 * Sends a portrait or one of its renditions: immutable bytes with their validator, so a browser that has
 * them gets 304 without the file being opened (nothing leaves, nothing is recorded), and one that has
 * not gets the file streamed from the store (the deliverable's download recorded as it is opened).
 */
export async function sendPortrait(request: FastifyRequest, reply: FastifyReply, portrait: StoredPortrait, cacheControl: string) {
  reply.header('content-type', 'image/jpeg').header('cache-control', cacheControl).header('etag', portrait.etag);
  if (etagMatches(request.headers['if-none-match'], portrait.etag)) return reply.status(304).send();
  const stream = await portrait.open();
  if (portrait.bytes) reply.header('content-length', portrait.bytes);
  return reply.send(stream);
}

/**
 * A portrait's full resolution (alone or zipped) leaves the server only when the customer asks from the
 * site itself, or with no browser at all (curl): a download ends the money-back guarantee, so another
 * site's link or image tag must not make one, although it is a GET. Refused before anything is recorded.
 */
export function refuseCrossSiteDownload(request: FastifyRequest, config: Config): void {
  if (isCrossSite(request, config)) {
    throw new AppError('FORBIDDEN', 'Cross-site download refused: download your portraits from the site itself');
  }
}
