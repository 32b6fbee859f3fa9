import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_CHUNK } from '../../../scripts/api-chunk';
import { importsIn, importsOf, name, reach, resolveImport, SRC, sourceFiles } from './imports';

/**
 * The public pages ship a few KB of script (docs/benchmarks.md, "Landing page"): what their `<script>`
 * blocks import, however indirectly, must stay free of the translation machinery (i18next and the
 * bundles, about 16 KB gzipped), which only the dashboard and the React islands need; and a module
 * they share with other scripts must be in the one API chunk, or it becomes a file of its own.
 */
describe('[site] the public pages’ scripts', () => {
  const astroFiles = sourceFiles(SRC, ['.astro']);
  const scripts = astroFiles.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => ({ file, code: m[1]! })));
  // The React components the pages hydrate (the sign-in form, the dashboard): every .tsx an Astro file imports.
  const islands = astroFiles.flatMap((file) =>
    importsOf(file).flatMap(({ specifier }) => {
      const target = resolveImport(file, specifier);
      return target?.endsWith('.tsx') ? [target] : [];
    }),
  );

  it('are found', () => {
    expect(scripts.length).toBeGreaterThan(3);
  });

  it('never import i18next or the translation bundles, however indirectly', () => {
    for (const { file, code } of scripts) {
      const { files, packages } = reach(file, importsIn(code));
      const shown = name(file);
      expect(
        [...packages].filter((p) => p.startsWith('i18next')),
        shown,
      ).toEqual([]);
      expect(
        [...files].map(name).filter((f) => /shared\/i18n(-bundles)?\.ts$/.test(f)),
        shown,
      ).toEqual([]);
    }
  });

  it('share modules with other scripts and islands only through the API chunk (one file, not one per module)', () => {
    const entries = [
      ...scripts.map(({ file, code }) => ({ file, script: true, files: reach(file, importsIn(code)).files })),
      ...islands.map((file) => ({ file, script: false, files: reach(file).files.add(file) })),
    ];
    const outside = entries
      .filter((entry) => entry.script)
      .flatMap((entry) =>
        [...entry.files]
          .filter((file) => entries.some((other) => other !== entry && other.files.has(file)))
          .map(name)
          .filter((file) => !API_CHUNK.includes(file))
          .map((file) => `${name(entry.file)} -> ${file}`),
      );
    expect(outside).toEqual([]);
  });
});
