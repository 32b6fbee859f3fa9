import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Astro command-line entry installed under `root`, as its package.json names it, for spawning
 * `node <it> build` with this very Node. Astro 7 moved it from astro.js to bin/astro.mjs.
 */
export function astroCli(root: string): string {
  const dir = path.join(root, 'node_modules/astro');
  const { bin } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { bin: string | Record<string, string> };
  const entry = typeof bin === 'string' ? bin : bin.astro;
  if (!entry) throw new Error(`${dir}/package.json names no astro command`);
  return path.join(dir, entry);
}
