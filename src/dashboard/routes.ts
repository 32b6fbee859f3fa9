import { type ComponentType, lazy } from 'react';
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
  /** Only operators may see the page; anyone else gets the 404 page. */
  operator: boolean;
}

interface Route {
  path: string;
  pattern: RegExp;
  keys: string[];
  component: RouteComponent;
  hasSidebar: boolean;
  titleKey: string;
  operator: boolean;
}

/** Turns `/dashboard/photoSelector/:orderId` into a matcher. */
function route(path: string, component: RouteComponent, titleKey: string, { hasSidebar = true, operator = false } = {}): Route {
  const keys: string[] = [];
  const source = path.replace(/:(\w+)/g, (_m, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { path, pattern: new RegExp(`^${source}/?$`), keys, component, hasSidebar, titleKey, operator };
}

/**
 * The operator console's pages, one chunk loaded only when an operator opens one of them: customers
 * never download it.
 */
const operatorPage = (name: 'OverviewPage' | 'OrdersPage' | 'OrderPage' | 'CustomersPage' | 'AuditPage'): RouteComponent =>
  lazy(() => import('./operator/operator-pages').then((pages) => ({ default: pages[name] })));

/** Every dashboard screen of the spec's route table (section 2), then the console's. Anything else is the 404 page. */
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
  route('/dashboard/operator', operatorPage('OverviewPage'), 'operator.titles.overview', { operator: true }),
  route('/dashboard/operator/orders', operatorPage('OrdersPage'), 'operator.titles.orders', { operator: true }),
  route('/dashboard/operator/orders/:orderId', operatorPage('OrderPage'), 'operator.titles.order', { operator: true }),
  route('/dashboard/operator/customers', operatorPage('CustomersPage'), 'operator.titles.customers', { operator: true }),
  route('/dashboard/operator/audit', operatorPage('AuditPage'), 'operator.titles.audit', { operator: true }),
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
    return { path: r.path, component: r.component, params, hasSidebar: r.hasSidebar, titleKey: r.titleKey, operator: r.operator };
  }
  return null;
}
