import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredPortrait } from '../services/orders/open-portrait.js';
import { etagMatches } from './page-cache.js';

/**
 * Sends a portrait or thumbnail: immutable bytes with their validator, so a browser that has them gets
 * 304 without the file being opened, and one that has not gets the file streamed from the store.
 */
export async function sendPortrait(request: FastifyRequest, reply: FastifyReply, portrait: StoredPortrait, cacheControl: string) {
  reply.header('content-type', 'image/jpeg').header('cache-control', cacheControl).header('etag', portrait.etag);
  if (etagMatches(request.headers['if-none-match'], portrait.etag)) return reply.status(304).send();
  const stream = await portrait.open();
  if (portrait.bytes) reply.header('content-length', portrait.bytes);
  return reply.send(stream);
}
