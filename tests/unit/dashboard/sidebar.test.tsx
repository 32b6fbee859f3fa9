// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AppSidebar } from '@/dashboard/components/app-sidebar';
import { navigate } from '@/stores/location';
import { $sidebarOpen, $sidebarOpenMobile, parseSidebarCookie } from '@/stores/sidebar';
import { $team } from '@/stores/team';
import { $user } from '@/stores/user';
import type { TeamAdminView, TeamMembership } from '@/shared/contracts/team';
import { initials } from '@/ui/avatar';
import { SidebarProvider, SidebarTrigger, useSidebar } from '@/ui/sidebar';
import { stubViewport, WithI18n } from './helpers';

const teamView: TeamAdminView = {
  id: 't1',
  name: 'Acme',
  role: 'owner',
  brand: null,
  seats: { bought: 0, used: 0, free: 0 },
  purchases: [],
  members: [],
  links: [],
  admins: [{ email: 'jane.doe@example.com', role: 'owner' }],
  adminInvitations: [],
};
const membership: TeamMembership = {
  teamId: 't1',
  teamName: 'Acme',
  brand: null,
  packageId: 'pro',
  canOrder: true,
  blocked: null,
  orderIds: [],
};

function renderSidebar() {
  return render(
    <WithI18n>
      <SidebarProvider>
        <AppSidebar />
        <SidebarTrigger label="Toggle sidebar" />
      </SidebarProvider>
    </WithI18n>,
  );
}

/** A component that uses the sidebar without its provider. */
function Orphan() {
  useSidebar();
  return null;
}

describe('[sidebar] primitives', () => {
  afterEach(() => vi.restoreAllMocks());

  it('useSidebar refuses to work outside SidebarProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('useSidebar must be used within SidebarProvider');
  });
});

describe('[sidebar] on desktop', () => {
  beforeEach(() => {
    stubViewport(false);
    history.replaceState(null, '', '/dashboard/help');
    navigate('/dashboard/help', { replace: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    $sidebarOpen.set(true);
    $user.set(null);
    $team.set(undefined);
    // biome-ignore lint/suspicious/noDocumentCookie: the store under test keeps its state in this cookie, as the spec says
    document.cookie = 'sidebar:state=; path=/; max-age=0';
  });

  it('shows the title, both groups and their entries, with the current page marked', () => {
    renderSidebar();
    expect(screen.getByText('Portrait Studio')).toBeTruthy();
    expect(screen.getByText('Personal Account')).toBeTruthy();
    const portraits = screen.getByRole('list', { name: 'Portraits' });
    expect(
      within(portraits)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['New Order', 'My Orders']);
    const other = screen.getByRole('list', { name: 'Other' });
    expect(
      within(other)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Help', 'Receipts', 'Release Notes', 'Gift Cards', 'Referrals', 'Create a team']);
    expect(screen.queryByRole('list', { name: 'Team' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Receipts' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the Operations group to operators only', () => {
    renderSidebar();
    act(() => $user.set({ nickName: 'jane.doe', email: 'jane.doe@example.com', avatar: null, operator: false, language: 'us', team: null }));
    expect(screen.queryByRole('list', { name: 'Operations' })).toBeNull();
    act(() => $user.set({ nickName: 'ops', email: 'ops@example.com', avatar: null, operator: true, language: 'us', team: null }));
    const operations = screen.getByRole('list', { name: 'Operations' });
    expect(
      within(operations)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Overview', '/dashboard/operator'],
      ['Orders', '/dashboard/operator/orders'],
      ['Customers', '/dashboard/operator/customers'],
      ['Teams', '/dashboard/operator/teams'],
      ['Gift cards', '/dashboard/operator/giftcards'],
      ['Audit log', '/dashboard/operator/audit'],
    ]);
  });

  it('reads the team role from the user info, without asking for the team', () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    vi.useFakeTimers();
    try {
      renderSidebar();
      const jane = { nickName: 'jane.doe', email: 'jane.doe@example.com', avatar: null, operator: false, language: 'us' } as const;
      act(() => $user.set({ ...jane, team: { role: 'admin', teamId: 't1' } }));
      expect(screen.getByRole('list', { name: 'Team' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Create a team' })).toBeNull();
      act(() => $user.set({ ...jane, team: { role: 'owner', teamId: 't1' } }));
      expect(screen.getByRole('list', { name: 'Team' })).toBeTruthy();
      act(() => $user.set({ ...jane, team: { role: 'member', teamId: 't1' } }));
      expect(screen.queryByRole('list', { name: 'Team' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Team portraits' }).getAttribute('href')).toBe('/dashboard/team/join');
      act(() => $user.set({ ...jane, team: null }));
      expect(screen.queryByRole('link', { name: 'Team portraits' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Create a team' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(5_000));
      // The heavy team call is the team pages' own: the sidebar made no request at all.
      expect(fetch).not.toHaveBeenCalled();
      expect($team.get()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows a team's admin the Team group instead of Create a team, and a member their team's portraits, as a team page read them", () => {
    renderSidebar();
    // The user info says nothing yet; a team page's answer (the store) is the fresher word.
    act(() => $user.set({ nickName: 'jane.doe', email: 'jane.doe@example.com', avatar: null, operator: false, language: 'us', team: null }));
    act(() => $team.set({ admin: teamView, membership: null }));
    const team = screen.getByRole('list', { name: 'Team' });
    expect(
      within(team)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([['Team', '/dashboard/team']]);
    expect(screen.queryByRole('link', { name: 'Create a team' })).toBeNull();
    act(() => $team.set({ admin: null, membership }));
    expect(screen.queryByRole('list', { name: 'Team' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Team portraits' }).getAttribute('href')).toBe('/dashboard/team/join');
    expect(screen.getByRole('link', { name: 'Create a team' })).toBeTruthy();
  });

  it("reads 'Loggin in' until the user info arrives, then the name, email and initials", () => {
    renderSidebar();
    expect(screen.getAllByText('Loggin in')).toHaveLength(2);
    act(() => $user.set({ nickName: 'jane.doe', email: 'jane.doe@example.com', avatar: null, operator: false, language: 'us', team: null }));
    expect(screen.getByText('jane.doe')).toBeTruthy();
    expect(screen.getByText('jane.doe@example.com')).toBeTruthy();
    expect(document.querySelector('[data-slot=avatar-fallback]')?.textContent).toBe('J');
  });

  it("opens the user menu for a press that came before the menu's code, even when the click lands on the menu's own trigger", async () => {
    renderSidebar();
    act(() => $user.set({ nickName: 'jane.doe', email: 'jane.doe@example.com', avatar: null, operator: false, language: 'us', team: null }));
    const button = screen.getByRole('button', { name: /jane\.doe@example\.com/ });
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button, { button: 0 });
    // The code arrives before the button comes up: the new trigger gets the click, and ignores it.
    expect(await screen.findByRole('menuitem', { name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });

  it('collapses to icons with Ctrl+B and Cmd+B, remembering it in the cookie', () => {
    renderSidebar();
    const sidebar = () => document.querySelector('[data-slot=sidebar]')!;
    expect(sidebar().getAttribute('data-state')).toBe('expanded');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar().getAttribute('data-state')).toBe('collapsed');
    expect(sidebar().getAttribute('data-collapsible')).toBe('icon');
    expect(parseSidebarCookie(document.cookie)).toBe(false);
    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(sidebar().getAttribute('data-state')).toBe('expanded');
    expect(parseSidebarCookie(document.cookie)).toBe(true);
    fireEvent.keyDown(window, { key: 'b' });
    expect(sidebar().getAttribute('data-state')).toBe('expanded');
  });

  it('the trigger collapses and expands it too', () => {
    renderSidebar();
    const trigger = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect($sidebarOpen.get()).toBe(false);
  });
});

describe('[sidebar] on mobile', () => {
  beforeEach(() => {
    stubViewport(true);
    navigate('/dashboard', { replace: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    $sidebarOpenMobile.set(false);
  });

  it('opens as a panel from the trigger (its code loaded then) and closes when a menu item is chosen', async () => {
    renderSidebar();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(panel).getByRole('link', { name: 'Receipts' })).toBeTruthy();
    act(() => navigate('/dashboard/receipts'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($sidebarOpenMobile.get()).toBe(false);
  });
});

describe('initials', () => {
  it.each([
    ['jane.doe', 'J'],
    ['Jane Doe', 'JD'],
    ['ada lovelace byron', 'AL'],
    ['  grace   hopper ', 'GH'],
    ['élodie', 'É'],
    ['', ''],
  ])('initials(%j) is %j', (nickName, expected) => {
    expect(initials(nickName)).toBe(expected);
  });
});
