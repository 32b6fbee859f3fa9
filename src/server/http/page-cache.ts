import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';

type Encoding = 'br' | 'gzip';

interface CompressedPage {
  br: Buffer;
  gzip: Buffer;
  /** A strong validator per representation: the bytes differ between encodings. */
  etag: Record<Encoding, string>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with: brotli, then gzip, as @fastify/compress prefers them; null for none of them. */
function negotiate(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip') || (accepted.get('x-gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/** Whether a request's `If-None-Match` names `etag` (weak or strong): the answer is then 304. */
export const etagMatches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;

/**
 * Sends the built site's HTML pages, compressing each one once and keeping the result. The site does
 * not change while the server runs, and compressing a 200 KB page afresh on every view was most of
 * what a page view cost (docs/decisions.md, "Load"). Clients that take neither brotli nor gzip get
 * the file as before.
 */
export function createPageSender(distDir: string) {
  const pages = new Map<string, Promise<CompressedPage>>();
  const compress = async (rel: string): Promise<CompressedPage> => {
    const file = path.join(distDir, rel);
    const html = await readFile(file);
    // The build leaves each page compressed beside it (scripts/precompress.ts); a page without them is compressed here once.
    const built = await Promise.all([readFile(`${file}.br`), readFile(`${file}.gz`)]).catch(() => null);
    const [br, gz] =
      built ??
      (await Promise.all([
        brotli(html, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: 6,
            [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
          },
        }),
        gzipAsync(html, { level: 9 }),
      ]));
    const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
    return { br, gzip: gz, etag: { br: `"${hash}-br"`, gzip: `"${hash}-gz"` } };
  };

  return async function sendPage(reply: FastifyReply, rel: string, status = 200) {
    const { headers } = reply.request;
    reply.status(status).header('cache-control', 'no-cache');
    const encoding = headers['x-no-compression'] === undefined ? negotiate(headers['accept-encoding']) : null;
    if (!encoding) return reply.sendFile(rel, { cacheControl: false });
    let page = pages.get(rel);
    if (!page) {
      page = compress(rel);
      pages.set(rel, page);
      // A failed read is not kept: the next view tries again.
      page.catch(() => pages.delete(rel));
    }
    const compressed = await page;
    reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding').header('etag', compressed.etag[encoding]);
    if (status === 200 && etagMatches(headers['if-none-match'], compressed.etag[encoding])) return reply.status(304).send();
    return reply.header('content-encoding', encoding).send(compressed[encoding]);
  };
}
