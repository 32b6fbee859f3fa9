// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { inAppHref } from '@/dashboard/link-navigation';

function clickOn(html: string, init: MouseEventInit = {}) {
  document.body.innerHTML = html;
  const target = document.querySelector('[data-target]') ?? document.querySelector('a')!;
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return inAppHref(event, 'http://localhost:3000');
}

describe('[dashboard] in-app link clicks', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it.each([
    ['<a href="/dashboard/help">Help</a>', '/dashboard/help'],
    ['<a href="/dashboard">Home</a>', '/dashboard'],
    ['<a href="/dashboard/newOrder?type=beta#top">x</a>', '/dashboard/newOrder?type=beta#top'],
    ['<a href="/dashboard/myOrders"><span data-target>icon</span></a>', '/dashboard/myOrders'],
    ['<a href="http://localhost:3000/dashboard/receipts">abs</a>', '/dashboard/receipts'],
  ])('%s is handled in the app as %s', (html, expected) => {
    expect(clickOn(html)).toBe(expected);
  });

  it.each([
    ['another page of the site', '<a href="/contact">Contact</a>', {}],
    ['the logout navigation', '<a href="/v1/logout">Log out</a>', {}],
    ['another origin', '<a href="https://example.com/dashboard">x</a>', {}],
    ['a new tab', '<a href="/dashboard/help" target="_blank">x</a>', {}],
    ['a download', '<a href="/dashboard/help" download>x</a>', {}],
    ['cmd-click', '<a href="/dashboard/help">x</a>', { metaKey: true }],
    ['ctrl-click', '<a href="/dashboard/help">x</a>', { ctrlKey: true }],
    ['shift-click', '<a href="/dashboard/help">x</a>', { shiftKey: true }],
    ['middle-click', '<a href="/dashboard/help">x</a>', { button: 1 }],
    ['a path that only starts like the dashboard', '<a href="/dashboards">x</a>', {}],
  ])('leaves %s to the browser', (_name, html, init) => {
    expect(clickOn(html, init)).toBeNull();
  });
});
