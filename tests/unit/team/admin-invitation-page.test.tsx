// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TeamJoinPage } from '@/dashboard/pages/team-join-page';
import type { TeamAdminView } from '@/shared/contracts/team';
import { $path } from '@/stores/location';
import { $team } from '@/stores/team';
import { $user } from '@/stores/user';
import { stubViewport, WithI18n } from '../dashboard/helpers';

const TOKEN = 'tok_admin';
const TEAM: TeamAdminView = {
  id: '0b7c2d4e-1f2a-4b3c-8d9e-0f1a2b3c4d5e',
  name: 'Acme',
  role: 'admin',
  brand: null,
  seats: { bought: 0, used: 0, free: 0 },
  purchases: [],
  members: [],
  links: [],
  admins: [
    { email: 'eve@example.com', role: 'owner' },
    { email: 'ann@example.com', role: 'admin' },
  ],
  adminInvitations: [],
};

const answer = (code: number, message: string, data: unknown, status = 200) => new Response(JSON.stringify({ code, message, data }), { status });

/** The API as the page sees it: the invitation's offer, and the answers the page sent. */
function stubApi() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      if (url === '/v1/team/admin/invitation' && body.token === TOKEN) return answer(0, 'success', { teamName: 'Acme', email: 'ann@example.com' });
      if (url === '/v1/team/admin/answer') {
        sent.push(body);
        return body.answer === 'accept'
          ? answer(0, 'Welcome to the team', { admin: TEAM, membership: null })
          : answer(0, 'Invitation declined', { admin: null, membership: null });
      }
      return answer(404, 'This invitation is no longer valid; ask the team’s owner for a new one', null, 404);
    }),
  );
  return sent;
}

function open(search: string) {
  history.replaceState(null, '', `/dashboard/team/join${search}`);
  return render(
    <WithI18n>
      <TeamJoinPage />
    </WithI18n>,
  );
}

describe('[team] the admin invitation page', () => {
  beforeEach(() => {
    stubViewport(false);
    $team.set(undefined);
    $user.set({ email: 'ann@example.com', team: null } as never);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the team and the address, and accepting makes the customer an admin and opens the team page', async () => {
    const sent = stubApi();
    open(`?admin=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Help run Acme' })).toBeTruthy();
    expect(screen.getByText(/^You were invited, as ann@example\.com, to be an admin of Acme: /)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() => expect($path.get()).toBe('/dashboard/team'));
    expect(sent).toEqual([{ token: TOKEN, answer: 'accept' }]);
    expect($team.get()?.admin?.name).toBe('Acme');
    expect($user.get()?.team).toEqual({ role: 'admin', teamId: TEAM.id });
  });

  it('declining says nothing of the team shows on the account', async () => {
    const sent = stubApi();
    open(`?admin=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('status')).textContent).toBe('You declined. Nothing of Acme shows on your account.');
    expect(sent).toEqual([{ token: TOKEN, answer: 'decline' }]);
    expect($user.get()?.team).toBeNull();
  });

  it('says why when the invitation is no longer valid', async () => {
    stubApi();
    open('?admin=spent');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not open the invitation: This invitation is no longer valid; ask the team’s owner for a new one',
    );
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
