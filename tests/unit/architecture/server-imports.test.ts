import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, name, resolveImport, SRC, sourceFiles } from './imports';

/**
 * The layering rules of docs/architecture.md, checked on the source: what may import whom in
 * `src/server`, and that no two modules import each other, however indirectly.
 */
const SERVER = join(SRC, 'server');

/** Each server file's own imports, loaded at once or on first use (type-only ones included: a circle of types still ties modules together). */
const graph = new Map(
  sourceFiles(SERVER, ['.ts'], ['migrations']).map((file) => {
    const targets = importsOf(file).flatMap(({ specifier }) => (specifier.startsWith('.') ? [resolveImport(file, specifier)!] : []));
    return [file, targets] as const;
  }),
);
const importsFrom = (file: string) => (graph.get(file) ?? []).map(name);
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
    const offenders = [...filesUnder('jobs'), ...filesUnder('http')].filter((f) => importsFrom(f).includes('src/server/db/schema.ts'));
    expect(offenders.map(name)).toEqual([]);
  });

  it('keeps providers free of services, routes and jobs', () => {
    const offenders = filesUnder('providers').flatMap((f) =>
      importsFrom(f)
        .filter((target) => /^src\/server\/(services|http|jobs)\//.test(target))
        .map((target) => `${name(f)} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lets only the scheduling service import job definitions', () => {
    const offenders = filesUnder('services').flatMap((f) =>
      importsFrom(f)
        .filter((target) => target.startsWith('src/server/jobs/') && target !== 'src/server/jobs/definitions.ts')
        .map((target) => `${name(f)} -> ${target}`),
    );
    const scheduling = filesUnder('services').filter((f) => importsFrom(f).includes('src/server/jobs/definitions.ts'));
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
