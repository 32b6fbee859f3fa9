import type { ComponentType } from 'react';
import { AccountPage } from './pages/account-page';
import { CreateOrderPage } from './pages/create-order-page';
import { HelpPage } from './pages/help-page';
import { MyOrdersPage } from './pages/my-orders-page';
import { NewOrderPage } from './pages/new-order-page';
import { OverviewPage } from './pages/overview-page';
import { PhotoSelectorPage } from './pages/photo-selector-page';
import { GiftCardsPage, ReferralsPage } from './pages/placeholder-pages';
import { ReceiptsPage } from './pages/receipts-page';
import { ReleaseNotesPage } from './pages/release-notes-page';

export type RouteComponent = ComponentType<{ params: Record<string, string> }>;

export interface RouteMatch {
  /** The pattern that matched, e.g. `/dashboard/photoSelector/:orderId`. */
  path: string;
  component: RouteComponent;
  params: Record<string, string>;
  hasSidebar: boolean;
  /** Locale key of the page's name, for the document title. */
  titleKey: string;
}

interface Route {
  path: string;
  pattern: RegExp;
  keys: string[];
  component: RouteComponent;
  hasSidebar: boolean;
  titleKey: string;
}

/** Turns `/dashboard/photoSelector/:orderId` into a matcher. */
function route(path: string, component: RouteComponent, titleKey: string, hasSidebar = true): Route {
  const keys: string[] = [];
  const source = path.replace(/:(\w+)/g, (_m, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { path, pattern: new RegExp(`^${source}/?$`), keys, component, hasSidebar, titleKey };
}

/** Every dashboard screen of the spec's route table (section 2). Anything else is the 404 page. */
export const routes: Route[] = [
  route('/dashboard', OverviewPage, 'dashboard.titles.overview'),
  route('/dashboard/newOrder', NewOrderPage, 'dashboard.titles.newOrder'),
  route('/dashboard/createOrder/:type', CreateOrderPage, 'dashboard.titles.createOrder'),
  route('/dashboard/myOrders', MyOrdersPage, 'dashboard.titles.myOrders'),
  route('/dashboard/photoSelector/:orderId', PhotoSelectorPage, 'dashboard.titles.photoSelector'),
  route('/dashboard/receipts', ReceiptsPage, 'dashboard.titles.receipts'),
  route('/dashboard/help', HelpPage, 'dashboard.titles.help'),
  route('/dashboard/releasenotes', ReleaseNotesPage, 'dashboard.titles.releaseNotes'),
  route('/dashboard/account', AccountPage, 'dashboard.titles.account'),
  route('/dashboard/referrals', ReferralsPage, 'dashboard.titles.referrals'),
  route('/dashboard/giftcards', GiftCardsPage, 'dashboard.titles.giftCards'),
];

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The route for a path (query and hash ignored), or null for the 404 page. */
export function matchRoute(path: string): RouteMatch | null {
  const pathname = path.split(/[?#]/)[0];
  for (const r of routes) {
    const m = r.pattern.exec(pathname);
    if (!m) continue;
    const params = Object.fromEntries(r.keys.map((k, i) => [k, decode(m[i + 1])]));
    return { path: r.path, component: r.component, params, hasSidebar: r.hasSidebar, titleKey: r.titleKey };
  }
  return null;
}
