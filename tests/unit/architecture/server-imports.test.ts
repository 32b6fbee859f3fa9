import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of docs/architecture.md, checked on the source: what may import whom in
 * `src/server`, and that no two modules import each other, however indirectly.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER = join(ROOT, 'src/server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm;

/** Each server file's relative imports (type-only ones included: a circle of types still ties modules together). */
const graph = new Map(
  sourceFiles(SERVER).map((file) => {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')));
    return [file, targets] as const;
  }),
);
const name = (file: string) => relative(ROOT, file);
const importsOf = (file: string) => (graph.get(file) ?? []).map(name);
const filesUnder = (folder: string) => [...graph.keys()].filter((f) => name(f).startsWith(`src/server/${folder}/`));

function findCircle(): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file].map(name);
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      const circle = visit(target);
      if (circle) return circle;
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    const circle = visit(file);
    if (circle) return circle;
  }
  return null;
}

describe('server layering', () => {
  it('has no import circles', () => {
    expect(findCircle()).toBeNull();
  });

  it('keeps the database schema out of jobs and routes: they call services', () => {
    const offenders = [...filesUnder('jobs'), ...filesUnder('http')].filter((f) => importsOf(f).includes('src/server/db/schema.ts'));
    expect(offenders.map(name)).toEqual([]);
  });

  it('keeps providers free of services, routes and jobs', () => {
    const offenders = filesUnder('providers').flatMap((f) =>
      importsOf(f)
        .filter((target) => /^src\/server\/(services|http|jobs)\//.test(target))
        .map((target) => `${name(f)} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lets only the scheduling service import job definitions', () => {
    const offenders = filesUnder('services').flatMap((f) =>
      importsOf(f)
        .filter((target) => target.startsWith('src/server/jobs/') && target !== 'src/server/jobs/definitions.ts')
        .map((target) => `${name(f)} -> ${target}`),
    );
    const scheduling = filesUnder('services').filter((f) => importsOf(f).includes('src/server/jobs/definitions.ts'));
    expect(offenders).toEqual([]);
    expect(scheduling.map(name)).toEqual(['src/server/services/generation/schedule-generation.ts']);
  });

  it('changes, creates and deletes orders only in the order lifecycle', () => {
    const writes = /\bstatus:\s*'(pending|processing|completed|failed)'|\.(insert|delete)\(orders\)/;
    const writers = [...graph.keys()].filter((f) => writes.test(readFileSync(f, 'utf8')));
    expect(writers.map(name)).toEqual(['src/server/services/orders/order-lifecycle.ts']);
  });

  it("keeps the offline checkout's table behind its provider", () => {
    const readers = [...graph.keys()].filter((f) => readFileSync(f, 'utf8').includes('offlineCheckoutSessions'));
    expect(readers.map(name).sort()).toEqual(['src/server/db/schema.ts', 'src/server/providers/payments/offline.ts']);
  });
});
