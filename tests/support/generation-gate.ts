import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Generator } from '../../src/server/providers/generator/index.js';

/**
 * A gate the fault tests hold generation at, instead of pacing it: a test that must kill a server (or
 * stop its database) while an order is being generated lets each order make a few images and then holds
 * the next one until it opens the gate, so the order is in flight for as long as the test needs and no
 * longer. The gate is one file in DATA_DIR, `generation-gate`, holding a number N: an order that has N or
 * more images waits before making the next, polling the file, until the file is gone (open) or says more.
 * No file, no gate. A file needs no route and no signal, survives a restart on the same DATA_DIR (a test
 * opens it when the restarted server should finish), and works for every process sharing a DATA_DIR.
 * Only the test entry (tests/support/test-server.ts) wraps its generator this way.
 */
export const GATE_FILE = 'generation-gate';

const POLL_MS = 50;

/** The gate's file in a data directory. */
export function gateFile(dataDir: string): string {
  return path.join(dataDir, GATE_FILE);
}

/** Holds every order of the servers on `dataDir` once it has `images` images (written whole, never half). */
export async function holdGeneration(dataDir: string, images: number): Promise<void> {
  const file = gateFile(dataDir);
  await writeFile(`${file}.tmp`, String(images));
  await rename(`${file}.tmp`, file);
}

/** Lets every held order go on, now and after any restart on `dataDir`. */
export async function openGeneration(dataDir: string): Promise<void> {
  await rm(gateFile(dataDir), { force: true });
}

/** How many images the gate lets an order have: Infinity when open. */
async function allowedImages(file: string): Promise<number> {
  const text = await readFile(file, 'utf8').catch(() => null);
  return text === null ? Number.POSITIVE_INFINITY : Number(text.trim());
}

/** Waits until the gate lets an order with `have` images make another. */
async function passGate(file: string, have: number): Promise<void> {
  // A number that does not parse (NaN) holds too: `have < NaN` is false.
  while (!(have < (await allowedImages(file)))) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

/** `generator`, with each step of `advance` (one image of the offline generator) waiting at the gate in `file`. */
export function gatedGenerator(generator: Generator, file: string): Generator {
  return {
    ...generator,
    async advance(request, have) {
      await passGate(file, have.size);
      return generator.advance(request, have);
    },
  };
}
