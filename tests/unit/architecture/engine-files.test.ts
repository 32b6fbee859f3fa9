import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineSignsOf, POSTGRES_FILES } from '../../integration/engines';

/**
 * The PostgreSQL leg runs the integration files whose code is engine-sensitive (tests/integration/engines.ts):
 * a file that shows a sign of it must be in that list, and the list names only files that exist.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const folder = path.join(root, 'tests/integration');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/integration/${name}`)
  .sort();

describe('[engines] the integration files that also run on PostgreSQL', () => {
  it('lists every file that shows an engine-sensitive sign, and every *.postgres.test.ts', () => {
    const missing = files
      .map((file) => ({ file, signs: engineSignsOf(readFileSync(path.join(root, file), 'utf8')) }))
      .filter(({ file, signs }) => (signs.length > 0 || file.endsWith('.postgres.test.ts')) && !POSTGRES_FILES.includes(file));
    expect(missing, 'add these to POSTGRES_FILES in tests/integration/engines.ts').toEqual([]);
  });

  it('names only files that exist, once each', () => {
    expect(POSTGRES_FILES.filter((file) => !files.includes(file))).toEqual([]);
    expect(new Set(POSTGRES_FILES).size).toBe(POSTGRES_FILES.length);
  });

  it('reads each sign where it shows and not elsewhere', () => {
    expect(engineSignsOf('await db.execute(sql`select 1`)')).toEqual(['hand-written SQL']);
    expect(engineSignsOf('await Promise.all([a(), b()]); // two redeems race')).toEqual(['conditional updates under concurrency']);
    expect(engineSignsOf('await Promise.all([a(), b()]);')).toEqual([]);
    expect(engineSignsOf("buildTestApp({ ROLE: 'all' })")).toEqual(['workers']);
    expect(engineSignsOf('buildTestApp({}, { reuse: { dataDir } })')).toEqual(['migrations and persistence']);
    expect(engineSignsOf('expect(await t.app.inject({ url: "/v1/health" })).toBeDefined()')).toEqual([]);
  });
});
