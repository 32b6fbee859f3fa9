// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { $sidebarOpen, parseSidebarCookie, setSidebarOpen, sidebarCookie, toggleSidebar, $sidebarOpenMobile } from '@/stores/sidebar';

function clearCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: the store under test keeps its state in this cookie, as the spec says
  document.cookie = 'sidebar:state=; path=/; max-age=0';
}

describe('[sidebar] the sidebar:state cookie', () => {
  afterEach(() => {
    clearCookie();
    $sidebarOpen.set(true);
    $sidebarOpenMobile.set(false);
  });

  it.each([
    ['sidebar:state=true', true],
    ['sidebar:state=false', false],
    ['theme=dark; sidebar:state=false; language=fr', false],
    ['  sidebar:state=true  ', true],
    ['sidebar:state=maybe', null],
    ['sidebar:state=', null],
    ['sidebar_state=false', null],
    ['xsidebar:state=false', null],
    ['', null],
  ])('parseSidebarCookie(%j) is %j', (header, expected) => {
    expect(parseSidebarCookie(header)).toBe(expected);
  });

  it('writes the expanded state for 7 days on every path', () => {
    expect(sidebarCookie(false)).toBe('sidebar:state=false; path=/; max-age=604800; samesite=lax');
    expect(sidebarCookie(true)).toMatch(/^sidebar:state=true; path=\/; max-age=604800/);
  });

  it('remembers a collapse in document.cookie, where parsing finds it again', () => {
    setSidebarOpen(false);
    expect($sidebarOpen.get()).toBe(false);
    expect(parseSidebarCookie(document.cookie)).toBe(false);
    setSidebarOpen(true);
    expect(parseSidebarCookie(document.cookie)).toBe(true);
  });

  it('toggles the panel on mobile without touching the remembered desktop state', () => {
    toggleSidebar(true);
    expect($sidebarOpenMobile.get()).toBe(true);
    expect($sidebarOpen.get()).toBe(true);
    expect(parseSidebarCookie(document.cookie)).toBeNull();
    toggleSidebar(false);
    expect($sidebarOpen.get()).toBe(false);
  });
});
