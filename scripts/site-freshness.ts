import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Inputs of the static site build; the server's own code is not one of them. */
const SITE_INPUTS = ['src', 'locales', 'public', 'astro.config.ts', 'package.json'];
const IGNORED = new Set([path.join('src', 'server'), 'node_modules']);

function newestMtime(entry: string): number {
  if (!existsSync(entry) || IGNORED.has(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** True when dist/ is missing or older than any site source. */
export function siteIsStale(root: string, distDir: string): boolean {
  const marker = path.join(distDir, 'index.html');
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return SITE_INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}
