import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, name, resolveImport, SRC, sourceFiles } from './imports';

/**
 * The Layers table of docs/architecture.md for the code that runs in the browser or builds the pages:
 * which folder of `src/` may import which. Type-only imports count too (they tie the code together all
 * the same); imports of packages, and of data outside `src/` (the translation bundles), are not layers.
 */
const SITE = ['pages', 'components', 'content'];
const MAY_IMPORT: Record<string, readonly string[]> = {
  shared: [],
  pages: [...SITE, 'shared', 'i18n', 'islands', 'ui', 'styles'],
  components: [...SITE, 'shared', 'i18n', 'islands', 'ui', 'styles'],
  content: [...SITE, 'shared', 'i18n', 'islands', 'ui', 'styles'],
  i18n: ['shared'],
  islands: ['shared', 'stores', 'ui', 'api'],
  dashboard: ['shared', 'stores', 'ui', 'api'],
  ui: ['shared'],
  stores: ['shared', 'api'],
  api: ['shared'],
};

/** Imports that cross the table's lines on purpose, each with its reason (also in the Layers table). */
const EXCEPTIONS: Record<string, string> = {
  'src/pages/dashboard.astro -> src/dashboard/dashboard-app.tsx': 'the one page that mounts the dashboard app',
  'src/ui/sidebar.tsx -> src/stores/sidebar.ts': 'the sidebar keeps its open state in a store, which the dashboard pages also set',
  'src/ui/toaster.tsx -> src/stores/toast.ts': 'the toaster shows the toasts any island or page adds to their store',
};

/** The folder of `src/` a file belongs to (`src/content.config.ts` is the content's). */
const folderOf = (file: string) => {
  const first = relative(SRC, file).split('/')[0]!;
  return first === 'content.config.ts' ? 'content' : first;
};

const files = sourceFiles(SRC, ['.ts', '.tsx', '.astro'], ['server']);
/** Each browser file's imports of other files of `src/`, as `from -> to`. */
const edges = files.flatMap((file) =>
  importsOf(file).flatMap(({ specifier }) => {
    const target = resolveImport(file, specifier);
    if (target === null || relative(SRC, target).startsWith('..')) return [];
    return [{ from: file, to: target, edge: `${name(file)} -> ${name(target)}` }];
  }),
);

describe('browser layering', () => {
  it('finds the browser code and its imports, in folders the table names', () => {
    const folders = new Set(files.map(folderOf));
    expect([...folders].sort()).toEqual(Object.keys(MAY_IMPORT).sort());
    expect(edges.length).toBeGreaterThan(300);
  });

  it('never imports the server', () => {
    expect(edges.filter(({ to }) => folderOf(to) === 'server').map(({ edge }) => edge)).toEqual([]);
  });

  it.each(Object.entries(MAY_IMPORT))('src/%s/ imports only from itself and %j', (folder, allowed) => {
    const offenders = edges
      .filter(({ from, to }) => folderOf(from) === folder && folderOf(to) !== folder && !allowed.includes(folderOf(to)))
      .map(({ edge }) => edge)
      .filter((edge) => !(edge in EXCEPTIONS));
    expect(offenders).toEqual([]);
  });

  it('lists as exceptions only imports that are there and that the table forbids', () => {
    for (const [edge, reason] of Object.entries(EXCEPTIONS)) {
      const found = edges.find((e) => e.edge === edge);
      expect(found, edge).toBeDefined();
      expect(MAY_IMPORT[folderOf(found!.from)], edge).not.toContain(folderOf(found!.to));
      expect(reason, edge).not.toBe('');
    }
  });
});
