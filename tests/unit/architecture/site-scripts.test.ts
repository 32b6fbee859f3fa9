import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The public pages ship a few KB of script (docs/benchmarks.md, "Landing page"): what their `<script>`
 * blocks import, however indirectly, must stay free of the translation machinery (i18next and the
 * bundles, about 16 KB gzipped), which only the dashboard and the React islands need.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'src');

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(path);
    return entry.name.endsWith('.astro') ? [path] : [];
  });
}

const SPECIFIER = /(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\s+'([^']+)'/g;

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(SRC, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return null;
}

/** Every package and source file a module reaches through its imports. */
function reach(file: string, seen = new Set<string>(), packages = new Set<string>()) {
  if (seen.has(file)) return { seen, packages };
  seen.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2]!;
    if (/^import\s+type\b/.test(match[0])) continue;
    const target = resolveImport(file, specifier);
    if (target) reach(target, seen, packages);
    else if (!specifier.startsWith('.') && !specifier.startsWith('@/')) packages.add(specifier);
  }
  return { seen, packages };
}

describe('[site] the public pages’ scripts', () => {
  const scripts = astroFiles(join(SRC, 'components')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => ({ file, code: m[1]! })),
  );

  it('are found', () => {
    expect(scripts.length).toBeGreaterThan(3);
  });

  it('never import i18next or the translation bundles, however indirectly', () => {
    for (const { file, code } of scripts) {
      const seen = new Set<string>();
      const packages = new Set<string>();
      for (const match of code.matchAll(SPECIFIER)) {
        const target = resolveImport(file, match[1] ?? match[2]!);
        if (target) reach(target, seen, packages);
      }
      const shown = relative(ROOT, file);
      expect(
        [...packages].filter((p) => p.startsWith('i18next')),
        shown,
      ).toEqual([]);
      expect(
        [...seen].map((f) => relative(ROOT, f)).filter((f) => /shared\/i18n(-bundles)?\.ts$/.test(f)),
        shown,
      ).toEqual([]);
    }
  });
});
