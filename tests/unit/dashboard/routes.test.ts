import { describe, expect, it } from 'vitest';
import { matchRoute } from '@/dashboard/routes';

describe('[dashboard] route matching', () => {
  it.each([
    ['/dashboard', '/dashboard', {}],
    ['/dashboard/', '/dashboard', {}],
    ['/dashboard?source=hero', '/dashboard', {}],
    ['/dashboard/newOrder', '/dashboard/newOrder', {}],
    ['/dashboard/newOrder?type=beta', '/dashboard/newOrder', {}],
    ['/dashboard/createOrder/doctor', '/dashboard/createOrder/:type', { type: 'doctor' }],
    ['/dashboard/createOrder/christmas_photos', '/dashboard/createOrder/:type', { type: 'christmas_photos' }],
    ['/dashboard/myOrders', '/dashboard/myOrders', {}],
    ['/dashboard/photoSelector/0b7c2d4e-1f', '/dashboard/photoSelector/:orderId', { orderId: '0b7c2d4e-1f' }],
    ['/dashboard/photoSelector/a%20b', '/dashboard/photoSelector/:orderId', { orderId: 'a b' }],
    ['/dashboard/photoSelector/%E0%A4%A', '/dashboard/photoSelector/:orderId', { orderId: '%E0%A4%A' }],
    ['/dashboard/receipts', '/dashboard/receipts', {}],
    ['/dashboard/help', '/dashboard/help', {}],
    ['/dashboard/releasenotes', '/dashboard/releasenotes', {}],
    ['/dashboard/account', '/dashboard/account', {}],
    ['/dashboard/referrals', '/dashboard/referrals', {}],
    ['/dashboard/giftcards', '/dashboard/giftcards', {}],
    ['/dashboard/help#contact', '/dashboard/help', {}],
    ['/dashboard/team', '/dashboard/team', {}],
    ['/dashboard/team?session_id=cs_test_1', '/dashboard/team', {}],
    ['/dashboard/team/join?invitation=abc', '/dashboard/team/join', {}],
    ['/dashboard/team/join?link=xyz', '/dashboard/team/join', {}],
  ])('%s is %s', (path, pattern, params) => {
    const match = matchRoute(path);
    expect(match?.path).toBe(pattern);
    expect(match?.params).toEqual(params);
    expect(match?.hasSidebar).toBe(true);
  });

  it.each([
    '/dashboard/no-such-page',
    '/dashboard/createOrder',
    '/dashboard/createOrder/doctor/extra',
    '/dashboard/photoSelector',
    '/dashboard/photoSelector/',
    '/dashboard/releaseNotes',
    '/dashboard/MyOrders',
    '/dashboard/receipts/extra',
    '/dashboard/team/extra',
    '/dashboardx',
    '/',
    '/login',
  ])('%s is unknown (404)', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it.each([
    ['/dashboard/operator', '/dashboard/operator', {}],
    ['/dashboard/operator/orders?q=ada', '/dashboard/operator/orders', {}],
    ['/dashboard/operator/orders/0b7c2d4e', '/dashboard/operator/orders/:orderId', { orderId: '0b7c2d4e' }],
    ['/dashboard/operator/customers', '/dashboard/operator/customers', {}],
    ['/dashboard/operator/audit', '/dashboard/operator/audit', {}],
    ['/dashboard/operator/teams?q=acme', '/dashboard/operator/teams', {}],
    ['/dashboard/operator/teams/t-1', '/dashboard/operator/teams/:teamId', { teamId: 't-1' }],
  ])('%s is the operator console page %s, for operators only', (path, pattern, params) => {
    const match = matchRoute(path);
    expect([match?.path, match?.params, match?.operator]).toEqual([pattern, params, true]);
  });

  it('marks no customer page as operator-only', () => {
    expect(matchRoute('/dashboard/myOrders')?.operator).toBe(false);
    expect(matchRoute('/dashboard/operatorx')).toBeNull();
  });

  it('names each page for the document title', () => {
    expect(matchRoute('/dashboard/myOrders')?.titleKey).toBe('dashboard.titles.myOrders');
    expect(matchRoute('/dashboard')?.titleKey).toBe('dashboard.titles.overview');
  });
});
