import type { ComponentType } from 'react';
import { OverviewPage } from './pages/overview-page';

export interface RouteMatch {
  component: ComponentType<{ params: Record<string, string> }>;
  params: Record<string, string>;
  hasSidebar: boolean;
}

interface Route {
  pattern: RegExp;
  keys: string[];
  component: RouteMatch['component'];
  hasSidebar: boolean;
}

/** Turns `/dashboard/photoSelector/:orderId` into a matcher. */
function route(path: string, component: Route['component'], hasSidebar = true): Route {
  const keys: string[] = [];
  const source = path.replace(/:(\w+)/g, (_m, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}/?$`), keys, component, hasSidebar };
}

export const routes: Route[] = [route('/dashboard', OverviewPage)];

/** The route for a path, or null for the 404 page. */
export function matchRoute(path: string): RouteMatch | null {
  const pathname = path.split('?')[0]!;
  for (const r of routes) {
    const m = r.pattern.exec(pathname);
    if (!m) continue;
    const params = Object.fromEntries(r.keys.map((k, i) => [k, decodeURIComponent(m[i + 1]!)]));
    return { component: r.component, params, hasSidebar: r.hasSidebar };
  }
  return null;
}
