import { describe, expect, it } from 'vitest';
import { formatDate, shortOrderId } from '@/shared/format';
import { mailtoLink, orderActions, refundBlockedKey, showsProgress, statusBadge, withinViewWindow } from '@/dashboard/my-orders/order-actions';
import { portraitFileName, portraitUrl, groupDownloadUrl, zipFileName } from '@/shared/orders';

const NOW = new Date('2026-11-21T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000).toISOString();

describe('[orders] row actions by status and age', () => {
  it.each([
    ['completed', 1, false, ['view', 'delete']],
    ['completed', 30, false, ['view', 'delete']],
    ['completed', 30.01, false, ['delete']],
    ['completed', 45, false, ['delete']],
    ['completed', 5, true, ['delete']],
    ['processing', 0, false, ['view']],
    ['processing', 29, false, ['view']],
    ['processing', 31, false, []],
    ['failed', 1, false, ['contact']],
    ['failed', 90, false, ['contact']],
    // An abandoned checkout: paid later, or discarded; never a row without an action.
    ['pending', 1, false, ['pay', 'discard']],
    // A refunded order can be removed from the list.
    ['refunded', 1, true, ['remove']],
    // Refunded with its portraits kept until the purge (an operator's choice): they can still be viewed.
    ['refunded', 1, false, ['view', 'remove']],
    ['refunded', 31, false, ['remove']],
    ['archived', 1, false, []],
  ] as const)('%s, %s days old, expired %s: %j', (status, age, expired, expected) => {
    expect(orderActions({ status, createdAt: daysAgo(age), expired, refundBlock: 'downloaded', refreshable: false }, NOW)).toEqual(expected);
  });

  it.each([
    ['completed', null, ['view', 'refund', 'delete'], null],
    ['failed', null, ['refund', 'contact'], null],
    ['completed', 'downloaded', ['view', 'delete'], 'orders.refund.blocked.downloaded'],
    ['completed', 'windowEnded', ['view', 'delete'], 'orders.refund.blocked.windowEnded'],
    ['completed', 'free', ['view', 'delete'], null],
    ['processing', 'notReady', ['view'], null],
  ] as const)('a %s order whose refund block is %s: %j (the refund before Delete), explained by %s', (status, refundBlock, expected, key) => {
    const order = { status, createdAt: daysAgo(1), expired: false, refundBlock, refreshable: false };
    expect(orderActions(order, NOW)).toEqual(expected);
    expect(refundBlockedKey(order)).toBe(key);
  });

  it('offers the refresh after View, then the refund, and Delete last', () => {
    const order = { status: 'completed', createdAt: daysAgo(2), expired: false, refundBlock: null, refreshable: true };
    expect(orderActions(order, NOW)).toEqual(['view', 'refresh', 'refund', 'delete']);
  });

  it.each([
    ['pending', false],
    ['processing', true],
    ['completed', true],
    ['failed', true],
    ['refunded', false],
  ])('shows progress for a %s order: %s', (status, expected) => {
    expect(showsProgress({ status })).toBe(expected);
  });

  it.each([
    [0, true],
    [29.99, true],
    [30, true],
    [30.001, false],
  ])('a %s-day-old order is within the 30-day view window: %s', (age, expected) => {
    expect(withinViewWindow(daysAgo(age), NOW)).toBe(expected);
  });
});

describe('[orders] status badges', () => {
  it.each([
    ['completed', false, 'success', 'orders.status.completed'],
    ['processing', false, 'info', 'orders.status.processing'],
    ['failed', false, 'destructive', 'orders.status.failed'],
    ['pending', false, 'neutral', 'orders.status.pending'],
    ['refunded', true, 'neutral', 'orders.status.refunded'],
    ['archived', false, 'neutral', null],
    ['completed', true, 'neutral', 'orders.status.expired'],
  ] as const)('%s (expired %s) is %s', (status, expired, variant, labelKey) => {
    expect(statusBadge({ status, expired })).toEqual({ variant, labelKey });
  });
});

describe('[orders] how an order is shown', () => {
  it.each([
    ['0b7c2d4e-1f2a-4b3c-8d9e-0f1a2b3c4d5e', '0B7C2D4E'],
    ['abcdef01-2345-6789-abcd-ef0123456789', 'ABCDEF01'],
  ])('shows %s as %s', (id, shown) => {
    expect(shortOrderId(id)).toBe(shown);
  });

  it.each([
    ['us', '2025-04-12T10:00:00Z', 'Apr 12, 2025'],
    ['us', '2026-01-03T23:30:00Z', 'Jan 3, 2026'],
    ['fr', '2025-04-12T10:00:00Z', '12 avr. 2025'],
    ['de', '2025-04-12T10:00:00Z', '12. Apr. 2025'],
    ['jp', '2025-04-12T10:00:00Z', '2025年4月12日'],
  ] as const)('dates in %s: %s is %s', (language, iso, expected) => {
    expect(formatDate(iso, language, { timeZone: 'UTC' })).toBe(expected);
  });

  it('names the zip and the single downloads after the order and the photo', () => {
    const id = '0b7c2d4e-1f2a-4b3c-8d9e-0f1a2b3c4d5e';
    expect(zipFileName(id)).toBe('portraits-0B7C2D4E.zip');
    expect(zipFileName(id, { favorites: true })).toBe('portraits-0B7C2D4E-favorites.zip');
    expect(portraitFileName(7)).toBe('photo-7.jpg');
    expect(portraitUrl(id, 3)).toBe(`/v1/image/get/${id}/3`);
    expect(portraitUrl(id, 3, { size: 'full' })).toBe(`/v1/image/get/${id}/3`);
    expect(portraitUrl(id, 3, { size: 'thumb' })).toBe(`/v1/image/get/${id}/3?size=thumb`);
    expect(portraitUrl(id, 3, { size: 'preview', token: '1795737600.a-b_c' })).toBe(`/v1/image/get/${id}/3?size=preview&t=1795737600.a-b_c`);
    // A replaced portrait gets another address; the first version keeps the one it always had.
    expect(portraitUrl(id, 3, { size: 'thumb', token: 'x', version: 2 })).toBe(`/v1/image/get/${id}/3?size=thumb&t=x&v=2`);
    expect(portraitUrl(id, 3, { version: 0 })).toBe(`/v1/image/get/${id}/3`);
    expect(groupDownloadUrl(id, { favorites: true })).toBe(`/v1/order/groupDownload/${id}?favorites=true`);
  });

  it('prefills the support mail with %20 for spaces and kept line breaks', () => {
    const link = mailtoLink('support@example.com', { subject: 'Help with order 0B7C2D4E', body: 'Order ID: x\nStatus: Failed' });
    expect(link).toBe('mailto:support@example.com?subject=Help%20with%20order%200B7C2D4E&body=Order%20ID%3A%20x%0AStatus%3A%20Failed');
  });
});
