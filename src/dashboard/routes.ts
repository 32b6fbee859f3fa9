import { type ComponentType, lazy } from 'react';
import { OverviewPage } from './pages/overview-page';

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
  /** Starts fetching the page's code (a lazily loaded page), so a click finds it loaded. */
  preload?: () => void;
  pattern: RegExp;
  keys: string[];
  component: RouteComponent;
  hasSidebar: boolean;
  titleKey: string;
  operator: boolean;
}

/** Turns `/dashboard/photoSelector/:orderId` into a matcher. */
function route(
  path: string,
  page: RouteComponent | { component: RouteComponent; preload: () => void },
  titleKey: string,
  { hasSidebar = true, operator = false } = {},
): Route {
  const { component, preload } = 'preload' in page ? page : { component: page, preload: undefined };
  const keys: string[] = [];
  const source = path.replace(/:(\w+)/g, (_m, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { path, pattern: new RegExp(`^${source}/?$`), keys, component, preload, hasSidebar, titleKey, operator };
}

/**
 * A page whose code is its own chunk, fetched when the page is first opened (or hovered in a link):
 * the first visit downloads only the shell and the Overview. `load` is called at most once.
 */
function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): { component: RouteComponent; preload: () => void } {
  let loading: Promise<M> | undefined;
  const once = () => {
    loading ??= load();
    return loading;
  };
  const component = lazy(() => once().then((module) => ({ default: module[name] as RouteComponent })));
  return { component, preload: () => void once().catch(() => undefined) };
}

const operatorPages = () => import('./operator/operator-pages');

/** Every dashboard screen of the spec's route table (section 2), then the console's. Anything else is the 404 page. */
export const routes: Route[] = [
  route('/dashboard', OverviewPage, 'dashboard.titles.overview'),
  route(
    '/dashboard/newOrder',
    lazyPage(() => import('./pages/new-order-page'), 'NewOrderPage'),
    'dashboard.titles.newOrder',
  ),
  route(
    '/dashboard/createOrder/:type',
    lazyPage(() => import('./pages/create-order-page'), 'CreateOrderPage'),
    'dashboard.titles.createOrder',
  ),
  route(
    '/dashboard/myOrders',
    lazyPage(() => import('./pages/my-orders-page'), 'MyOrdersPage'),
    'dashboard.titles.myOrders',
  ),
  route(
    '/dashboard/photoSelector/:orderId',
    lazyPage(() => import('./pages/photo-selector-page'), 'PhotoSelectorPage'),
    'dashboard.titles.photoSelector',
  ),
  route(
    '/dashboard/orderPlaced/:orderId',
    lazyPage(() => import('./pages/order-placed-page'), 'OrderPlacedPage'),
    'dashboard.titles.orderPlaced',
  ),
  route(
    '/dashboard/receipts',
    lazyPage(() => import('./pages/receipts-page'), 'ReceiptsPage'),
    'dashboard.titles.receipts',
  ),
  route(
    '/dashboard/help',
    lazyPage(() => import('./pages/help-page'), 'HelpPage'),
    'dashboard.titles.help',
  ),
  route(
    '/dashboard/releasenotes',
    lazyPage(() => import('./pages/release-notes-page'), 'ReleaseNotesPage'),
    'dashboard.titles.releaseNotes',
  ),
  route(
    '/dashboard/account',
    lazyPage(() => import('./pages/account-page'), 'AccountPage'),
    'dashboard.titles.account',
  ),
  route(
    '/dashboard/referrals',
    lazyPage(() => import('./pages/referrals-page'), 'ReferralsPage'),
    'dashboard.titles.referrals',
  ),
  route(
    '/dashboard/giftcards',
    lazyPage(() => import('./giftcards/giftcards-page'), 'GiftCardsPage'),
    'dashboard.titles.giftCards',
  ),
  route(
    '/dashboard/team',
    lazyPage(() => import('./pages/team-page'), 'TeamPage'),
    'dashboard.titles.team',
  ),
  route(
    '/dashboard/team/join',
    lazyPage(() => import('./pages/team-join-page'), 'TeamJoinPage'),
    'dashboard.titles.teamJoin',
  ),
  route('/dashboard/operator', lazyPage(operatorPages, 'OverviewPage'), 'operator.titles.overview', { operator: true }),
  route('/dashboard/operator/orders', lazyPage(operatorPages, 'OrdersPage'), 'operator.titles.orders', { operator: true }),
  route('/dashboard/operator/orders/:orderId', lazyPage(operatorPages, 'OrderPage'), 'operator.titles.order', { operator: true }),
  route('/dashboard/operator/customers', lazyPage(operatorPages, 'CustomersPage'), 'operator.titles.customers', { operator: true }),
  route('/dashboard/operator/teams', lazyPage(operatorPages, 'TeamsPage'), 'operator.titles.teams', { operator: true }),
  route('/dashboard/operator/teams/:teamId', lazyPage(operatorPages, 'TeamPage'), 'operator.titles.team', { operator: true }),
  // Gift cards
  route('/dashboard/operator/giftcards', lazyPage(operatorPages, 'GiftCardsPage'), 'operator.titles.giftCards', { operator: true }),
  route('/dashboard/operator/audit', lazyPage(operatorPages, 'AuditPage'), 'operator.titles.audit', { operator: true }),
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

/** Starts loading the code of the page at `path`, if it is a lazily loaded one. */
export function preloadRoute(path: string): void {
  const pathname = path.split(/[?#]/)[0];
  routes.find((r) => r.pattern.test(pathname))?.preload?.();
}
