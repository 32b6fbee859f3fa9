import { describe, expect, it } from 'vitest';
import { BUNDLES } from '@/shared/i18n-bundles';
import us from '../../../locales/us.json';

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set((prefix + key).replace(PLURAL, ''), value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
const placeholders = (value: string) => [...new Set(value.match(/\{\{\w+\}\}/g) ?? [])].sort();

describe.each([
  ['team', (b: Tree) => b.team as Tree],
  ['operator.teams', (b: Tree) => (b.operator as Tree).teams as Tree],
])('[team] translations of %s', (_name, pick) => {
  const english = leaves(pick(us as unknown as Tree));

  it.each(Object.entries(BUNDLES).filter(([code]) => code !== 'us'))('%s has every string, translated, with its placeholders', (_code, bundle) => {
    const other = leaves(pick(bundle as unknown as Tree));
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    const same = [...english].filter(([key, value]) => other.get(key) === value && /[a-z]{5,}/i.test(value.replace(/\{\{\w+\}\}/g, '')));
    expect(same.map(([key]) => key).length / english.size).toBeLessThan(0.06);
    for (const [key, value] of other) {
      expect(value.trim(), key).not.toBe('');
      expect(placeholders(value), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });
});
