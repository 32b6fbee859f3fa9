import { describe, expect, it } from 'vitest';
import { HELP_FAQ, HELP_TABS } from '@/dashboard/help-faq';
import { createI18n } from '@/shared/i18n';
import { BUNDLES, RESOURCES } from '@/shared/i18n-bundles';
import { LIMITS } from '@/shared/limits';
import us from '../../../locales/us.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const english = leaves(us.dashboard as Tree);

describe('[dashboard] translations', () => {
  it.each(Object.entries(BUNDLES).filter(([code]) => code !== 'us'))('%s has every dashboard string, translated', (_code, bundle) => {
    const other = leaves((bundle as { dashboard: Tree }).dashboard);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of other) {
      expect(value.trim(), key).not.toBe('');
      // Interpolations must survive translation.
      const wanted = (english.get(key)!.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect((value.match(/\{\{\w+\}\}/g) ?? []).sort(), key).toEqual(wanted);
    }
  });

  it('uses the spec strings verbatim in English', () => {
    const d = us.dashboard;
    expect(d.personalAccount).toBe('Personal Account');
    expect([d.sidebar.portraits, d.sidebar.newOrder, d.sidebar.myOrders, d.sidebar.other]).toEqual(['Portraits', 'New Order', 'My Orders', 'Other']);
    expect([d.sidebar.help, d.sidebar.receipts, d.sidebar.releaseNotes, d.sidebar.account]).toEqual(['Help', 'Receipts', 'Release Notes', 'Account']);
    expect(d.sidebar.loggingIn).toBe('Loggin in');
    expect(createI18n('us', RESOURCES).t('dashboard.receipts.note')).toBe(`Only last ${LIMITS.receiptsMax} items are retrieved`);
    expect(d.receipts.empty).toBe('No receipts found');
    expect(d.errors.userInfo).toBe('Error getting user info: ');
    expect(d.help.contactUs).toBe('Contact Us');
    expect(Object.values(d.help.tabs)).toEqual(['General', 'Process & Delivery', 'Technical Requirements', 'Pricing & Packages', 'Privacy & Security']);
  });

  it('has a question and an answer for every FAQ entry, 4 to 6 per tab', () => {
    for (const tab of HELP_TABS) {
      expect(HELP_FAQ[tab].length).toBeGreaterThanOrEqual(4);
      expect(HELP_FAQ[tab].length).toBeLessThanOrEqual(6);
      for (const key of HELP_FAQ[tab]) {
        expect(english.get(`help.faq.${tab}.${key}.q`), `${tab}.${key}`).toBeTruthy();
        expect(english.get(`help.faq.${tab}.${key}.a`), `${tab}.${key}`).toBeTruthy();
      }
    }
  });
});
