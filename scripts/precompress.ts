import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest)$/;
/** Below this, the headers of a compressed answer cost about what compression saves. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Writes `name.br` (brotli at its best quality) and `name.gz` (gzip 9) beside every text file of the
 * built site, once per build: the server sends them as they are, so no request pays for compression
 * and every visitor gets the smallest bytes (docs/decisions.md, "Speed").
 */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  const queue: string[] = [];
  for await (const file of filesUnder(dir)) queue.push(file);
  // Compression runs on libuv's thread pool: a few files at a time keep every core busy.
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const content = await readFile(file);
      if (content.length < MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      files += 1;
      bytes += content.length;
      brotliBytes += br.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { files, bytes, brotliBytes };
}

/** The Astro integration: precompresses `dist/` when a build is done. */
export const precompressed: AstroIntegration = {
  name: 'precompress',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const { files, bytes, brotliBytes } = await precompress(new URL(dir).pathname);
      logger.info(`${files} files precompressed: ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB with brotli`);
    },
  },
};
