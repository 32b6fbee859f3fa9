import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readSiteBuildInfo } from './site-build-info.js';

/** Inputs of the static site build; the server's own code is not one of them. */
const SITE_INPUTS = ['src', 'locales', 'public', 'astro.config.ts', 'package.json'];
const IGNORED = new Set([path.join('src', 'server'), 'node_modules']);

/** The newest modification time under `entry`, a path relative to `root`. */
function newestMtime(root: string, entry: string): number {
  const full = path.join(root, entry);
  if (IGNORED.has(entry) || !existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newestMtime(root, path.join(entry, name))), stat.mtimeMs);
}

/**
 * True when dist/ is missing, older than any site source (code, translations, content) or built for
 * another public URL than `publicUrl`.
 */
export function siteIsStale(root: string, distDir: string, publicUrl: string): boolean {
  const marker = path.join(distDir, 'index.html');
  if (!existsSync(marker)) return true;
  if (readSiteBuildInfo(distDir)?.publicUrl !== publicUrl) return true;
  const built = statSync(marker).mtimeMs;
  return SITE_INPUTS.some((input) => newestMtime(root, input) > built);
}
