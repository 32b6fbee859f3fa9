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
const placeholders = (value: string) => (value.match(/\{\{\w+\}\}/g) ?? []).sort();
const english = leaves(us.orders as Tree);

describe('[orders] translations', () => {
  it.each(Object.entries(BUNDLES).filter(([code]) => code !== 'us'))('%s has every orders string, translated, with its placeholders', (_code, bundle) => {
    const other = leaves((bundle as unknown as { orders: Tree }).orders);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    const same = [...english].filter(([key, value]) => other.get(key) === value && /[a-z]{5,}/i.test(value));
    expect(same.length / english.size).toBeLessThan(0.06);
    for (const [key, value] of other) {
      expect(value.trim(), key).not.toBe('');
      expect(placeholders(value), key).toEqual(placeholders(english.get(key)!));
    }
  });

  it('uses the spec strings verbatim in English', () => {
    const o = us.orders;
    expect(Object.values(o.columns)).toEqual(['Order ID', 'Date', 'Status', 'Progress', 'Type', 'Package', 'Comment', 'Actions']);
    expect([o.empty, o.refresh, o.copied, o.copyFailed]).toEqual(['No orders found', 'Refresh', 'Order ID copied to clipboard', 'Failed to copy to clipboard']);
    expect([o.view, o.delete.button, o.contact.button, o.delete.title, o.comment.title]).toEqual(['View', 'Delete', 'Contact', 'Delete Order', 'Edit Comment']);
    expect([o.comment.saved, o.comment.failed]).toEqual(['Saved comment', 'Error saving comment: ']);
    const p = o.photos;
    expect([p.loading, p.generating, p.selection, p.refreshing]).toEqual(['Loading...', 'Generating Photos...', 'Photo Selection', 'Refreshing...']);
    expect(p.available_other).toBe('{{count}} photos available for preview. More photos are being generated.');
    expect([p.downloadAll, p.downloadFavorites, p.position]).toEqual(['Download All', 'Download Favorites', 'Photo {{current}} of {{total}}']);
    expect([p.allTab, p.favoritesTab]).toEqual(['All Photos ({{n}})', 'Favorites ({{n}})']);
    expect([p.emptyTitle, p.emptyText]).toEqual(['No photos available', 'Your photos are being generated. Please check back soon.']);
    expect(p.emptyFavorites).toBe("You haven't favorited any photos yet. Click the heart icon on photos you like to add them to favorites.");
    expect(p.viewAll).toBe('View All Photos');
  });
});
