import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, orders, payments, referralCodes } from '@/server/db/schema';
import { validAnswers } from '../support/answers';
import { buildTestApp, type TestApp } from './helpers/app';
import { ownedState } from './helpers/owned-state';
import { checkoutForm, makePhotos, photoForm } from './helpers/photos';
import { seedCompletedOrder } from './helpers/seed';
import { signInAs } from './helpers/session';
import { MISSING_TEAM, seedTeam, teamState, type TeamResource } from './helpers/teams';

type Session = Awaited<ReturnType<typeof signInAs>>;
type Response = LightMyRequestResponse;

/** A request as the browser makes it, before the caller's cookie is added. */
interface Call {
  method: 'GET' | 'HEAD' | 'POST';
  url: string;
  json?: object;
  form?: { payload: Buffer; contentType: string };
}

/** What a customer owns that a call can name: an order with portraits, its payment, an open checkout and its unpaid order. */
interface Resource {
  orderId: string;
  paymentId: string;
  clientSecret: string;
  sessionId: string;
  pendingOrderId: string;
  /** A team the owner runs (the operator's team calls name it). */
  teamId: string;
  /** Gift cards: a paid card the owner bought (mailed, not redeemed), its checkout session, and a card the owner redeemed. */
  giftCardId: string;
  giftCardSessionId: string;
  redeemedGiftCardId: string;
}

/** What a person is to the team a call names: its owner, an admin of it, a member, another team's admin, or in no team. */
type TeamRole = 'owner' | 'admin' | 'member' | 'otherAdmin' | 'stranger';
/**
 * The order the roles call in: those with no part in the team first (nothing of theirs may change the
 * team), then the member, the admin and last the owner, whose answer may follow from the admin's call.
 */
const TEAM_ROLES: TeamRole[] = ['stranger', 'otherAdmin', 'member', 'admin', 'owner'];

type Expectation =
  /** Callable signed out by design; `signedOut` is what a visitor gets. */
  | { access: 'public'; reason: string; call: () => Call; signedOut: number }
  /** Acts on the caller's own account (no id in the request); `check` proves the answer concerns `who` only. */
  | { access: 'account'; call: () => Call; status: number; check: (res: Response, who: Session, mine?: Resource) => Promise<void> | void }
  /** Names one of the owner's resources; anyone else is answered exactly as for a missing one. */
  | { access: 'owned'; call: (r: Resource) => Call; status: number; navigation?: boolean; needsCheckout?: boolean; needsGiftCard?: boolean }
  /** The operator console: an operator gets `status`; a visitor and every customer, the owner too, get the unknown route's answer. */
  | { access: 'operator'; call: (r: Resource) => Call; status: number }
  /**
   * A team call: what each role gets, `refused` being the answer to a team that does not exist (404
   * "Team not found", the same body as for a missing team's ids), so team ids cannot be probed. Signed
   * out: 401, or the login page for a browser navigation. `check` reads an allowed answer.
   */
  | {
      access: 'team';
      call: (r: TeamResource) => Call;
      roles: Record<TeamRole, number | 'refused'>;
      navigation?: boolean;
      check?: (res: Response, role: TeamRole, r: TeamResource) => void;
    };

const NONE = '00000000-0000-4000-8000-000000000000';
/** Resources that do not exist: another customer must not be able to tell these from the owner's. */
const MISSING: Resource = {
  orderId: NONE,
  paymentId: NONE,
  clientSecret: `cs_offline_${'0'.repeat(24)}`,
  sessionId: `cs_offline_${'0'.repeat(24)}`,
  pendingOrderId: NONE,
  teamId: NONE,
  giftCardId: NONE,
  giftCardSessionId: `cs_offline_${'0'.repeat(24)}`,
  redeemedGiftCardId: NONE,
};
const OWNER_COMMENT = 'owner-only-comment-7f3a';

let t: TestApp;
let photos: Buffer[];

const checkoutCall = (): Call => ({
  method: 'POST',
  url: '/v1/stripe/checkout/create',
  form: checkoutForm(
    photos.slice(0, 6).map((bytes) => ({ bytes })),
    { portraitInfo: validAnswers({ package: 'basic' }) },
  ),
});

const teamOrderCall = (): Call => ({
  method: 'POST',
  url: '/v1/team/order',
  form: checkoutForm(
    photos.slice(0, 6).map((bytes) => ({ bytes })),
    { portraitInfo: validAnswers({ package: 'basic' }) },
  ),
});

// Gift cards: the order a redeemed card pays, the checkout's form with the card's id.
const giftOrderCall = (giftCardId: string): Call => ({
  method: 'POST',
  url: '/v1/giftcards/order',
  form: checkoutForm(
    photos.slice(0, 6).map((bytes) => ({ bytes })),
    { portraitInfo: validAnswers({ package: 'basic' }), giftCardId },
  ),
});
/** A well-formed code that no card has. */
const UNKNOWN_GIFT_CODE = 'GIFT-2345-6789-ABCD-EFGH-JKMN';

const orderOwner = async (orderId: string) =>
  (await t.app.ctx.database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0]?.userId;

/**
 * Every route the server registers, with who may call it. The first test fails when a registered route
 * is missing here (or listed but gone), so a new route cannot ship without its authorization case.
 */
const ROUTES: Record<string, Expectation> = {
  'GET /v1/health': {
    access: 'public',
    reason: 'operators and load balancers probe it; it reports the service, never a customer',
    call: () => ({ method: 'GET', url: '/v1/health' }),
    signedOut: 200,
  },
  'POST /v1/loginLink/send': {
    access: 'public',
    reason: 'signing in starts here; the answer is the same whether or not an account exists',
    call: () => ({ method: 'POST', url: '/v1/loginLink/send', json: { email: 'visitor@example.com' } }),
    signedOut: 200,
  },
  'POST /v1/loginLink/verify': {
    access: 'public',
    reason: 'the emailed single-use token is the credential',
    call: () => ({ method: 'POST', url: '/v1/loginLink/verify', json: { token: 'A'.repeat(43) } }),
    signedOut: 400,
  },
  'GET /v1/logout': {
    access: 'public',
    reason: "ends only the calling browser's own session, if any",
    call: () => ({ method: 'GET', url: '/v1/logout' }),
    signedOut: 303,
  },
  'GET /v1/auth/providers': {
    access: 'public',
    reason: 'the login page shows which sign-in providers are configured',
    call: () => ({ method: 'GET', url: '/v1/auth/providers' }),
    signedOut: 200,
  },
  'GET /v1/oauth/:provider/login': {
    access: 'public',
    reason: 'starts OpenID Connect sign-in (here: not configured, so back to the login page)',
    call: () => ({ method: 'GET', url: '/v1/oauth/google/login' }),
    signedOut: 303,
  },
  'GET /v1/oauth/:provider/callback': {
    access: 'public',
    reason: "the provider's redirect; authenticated by the state cookie, the stored flow and the ID token",
    call: () => ({ method: 'GET', url: '/v1/oauth/google/callback?code=x&state=y' }),
    signedOut: 303,
  },
  'GET /v1/stripe/coupon': {
    access: 'public',
    reason: 'the landing and beta pages show the beta seats to visitors',
    call: () => ({ method: 'GET', url: '/v1/stripe/coupon' }),
    signedOut: 200,
  },
  'POST /v1/stripe/coupon': {
    access: 'public',
    reason: 'the same beta seats, by POST as the spec reads it',
    call: () => ({ method: 'POST', url: '/v1/stripe/coupon', json: {} }),
    signedOut: 200,
  },
  'POST /v1/stripe/webhook': {
    access: 'public',
    reason: "Stripe's webhook, authenticated by its signature (here: Stripe not configured)",
    call: () => ({ method: 'POST', url: '/v1/stripe/webhook', json: {} }),
    signedOut: 404,
  },
  'POST /v1/providers/astria/callback': {
    access: 'public',
    reason: "Astria's callback, authenticated by an order-bound secret (here: Astria not configured)",
    call: () => ({ method: 'POST', url: '/v1/providers/astria/callback?order=x&secret=y', json: {} }),
    signedOut: 404,
  },

  'GET /v1/user/info': {
    access: 'account',
    call: () => ({ method: 'GET', url: '/v1/user/info' }),
    status: 200,
    check: (res, who) => expect(res.json().data.email).toBe(who.user.email),
  },
  'POST /v1/user/info': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/user/info', json: {} }),
    status: 200,
    check: (res, who) => expect(res.json().data.email).toBe(who.user.email),
  },
  'POST /v1/user/language': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/user/language', json: { language: 'kr' } }),
    status: 200,
    check: async (res, who) => {
      expect(res.json().data).toEqual({ language: 'kr' });
      expect((await send({ method: 'GET', url: '/v1/user/info' }, who)).json().data.language).toBe('kr');
    },
  },
  'POST /v1/user/delete': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/user/delete', json: {} }),
    status: 200,
    check: async (_res, who) => {
      expect(await ownedState(t, who.user.id)).toMatchObject({ users: [], sessions: [], orders: [] });
    },
  },
  'POST /v1/order/list': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/order/list', json: {} }),
    status: 200,
    check: async (res, who, mine) => {
      const ids = (res.json().data as { id: string }[]).map((o) => o.id);
      for (const id of ids) expect(await orderOwner(id)).toBe(who.user.id);
      if (mine) expect(ids).toContain(mine.orderId);
    },
  },
  'POST /v1/stripe/receipts': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/stripe/receipts', json: {} }),
    status: 200,
    check: async (res, who, mine) => {
      const ids = (res.json().data as { id: string }[]).map((p) => p.id);
      for (const id of ids) {
        const [payment] = await t.app.ctx.database.db.select({ userId: payments.userId }).from(payments).where(eq(payments.id, id));
        expect(payment?.userId).toBe(who.user.id);
      }
      if (mine) expect(ids).toContain(mine.paymentId);
    },
  },
  'POST /v1/stripe/checkout/create': {
    access: 'account',
    call: checkoutCall,
    status: 200,
    check: async (res, who) => expect(await orderOwner(res.json().data.orderId)).toBe(who.user.id),
  },

  'POST /v1/photos/check': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/photos/check', form: photoForm(photos[0]!) }),
    status: 200,
    check: async (res) => expect(res.json().data).toMatchObject({ verdict: 'accepted', reasons: [] }),
  },

  'POST /v1/stripe/checkout/confirm': {
    access: 'owned',
    needsCheckout: true,
    call: (r) => ({ method: 'POST', url: '/v1/stripe/checkout/confirm', json: { sessionId: r.sessionId } }),
    status: 200,
  },
  'POST /v1/checkout/offline/session': {
    access: 'owned',
    needsCheckout: true,
    call: (r) => ({ method: 'POST', url: '/v1/checkout/offline/session', json: { clientSecret: r.clientSecret } }),
    status: 200,
  },
  'POST /v1/checkout/offline/pay': {
    access: 'owned',
    needsCheckout: true,
    call: (r) => ({ method: 'POST', url: '/v1/checkout/offline/pay', json: { clientSecret: r.clientSecret } }),
    status: 200,
  },
  'GET /v1/receipts/:paymentId': {
    access: 'owned',
    navigation: true,
    call: (r) => ({ method: 'GET', url: `/v1/receipts/${r.paymentId}` }),
    status: 200,
  },
  'POST /v1/order/info': {
    access: 'owned',
    call: (r) => ({ method: 'POST', url: '/v1/order/info', json: { orderId: r.orderId } }),
    status: 200,
  },
  'POST /v1/order/resumeCheckout': {
    access: 'owned',
    needsCheckout: true,
    call: (r) => ({ method: 'POST', url: '/v1/order/resumeCheckout', json: { orderId: r.pendingOrderId } }),
    status: 200,
  },
  'POST /v1/order/discard': {
    access: 'owned',
    needsCheckout: true,
    call: (r) => ({ method: 'POST', url: '/v1/order/discard', json: { orderId: r.pendingOrderId } }),
    status: 200,
  },
  'POST /v1/order/delete': {
    access: 'owned',
    call: (r) => ({ method: 'POST', url: '/v1/order/delete', json: { orderId: r.orderId } }),
    status: 200,
  },
  // The seeded order kept no likeness of its person (it was never generated), so the owner hears why there is no refresh.
  'POST /v1/order/refresh': {
    access: 'owned',
    call: (r) => ({ method: 'POST', url: '/v1/order/refresh', json: { orderId: r.orderId, attire: ['scrubs'], background: ['clinic'] } }),
    status: 409,
  },
  // The owner's order was downloaded from (the seed records a download), so the owner hears why it is not refunded.
  'POST /v1/order/refund': {
    access: 'owned',
    call: (r) => ({ method: 'POST', url: '/v1/order/refund', json: { orderId: r.orderId } }),
    status: 409,
  },
  'POST /v1/order/setComment': {
    access: 'owned',
    call: (r) => ({ method: 'POST', url: '/v1/order/setComment', json: { orderId: r.orderId, comment: 'changed' } }),
    status: 200,
  },
  'POST /v1/order/setFavorite': {
    access: 'owned',
    call: (r) => ({ method: 'POST', url: '/v1/order/setFavorite', json: { orderId: r.orderId, noList: [2, 3] } }),
    status: 200,
  },
  // The seeded order keeps no likeness of its person (it was not generated): the owner hears why no
  // portrait can be made again; anyone else gets the 404 every foreign order gets.
  'POST /v1/order/replacePortrait': {
    access: 'owned',
    call: (r) => ({ method: 'POST', url: '/v1/order/replacePortrait', json: { orderId: r.orderId, no: 2 } }),
    status: 409,
  },
  'POST /v1/order/addDownloaded': {
    access: 'owned',
    call: (r) => ({ method: 'POST', url: '/v1/order/addDownloaded', json: { orderId: r.orderId, no: 2 } }),
    status: 200,
  },
  'GET /v1/order/groupDownload/:orderId': {
    access: 'owned',
    navigation: true,
    call: (r) => ({ method: 'GET', url: `/v1/order/groupDownload/${r.orderId}` }),
    status: 200,
  },
  'GET /v1/image/get/:orderId/:n': {
    access: 'owned',
    call: (r) => ({ method: 'GET', url: `/v1/image/get/${r.orderId}/1` }),
    status: 200,
  },

  // ---- Teams: every call as the team's owner, an admin, a member, another team's admin, a stranger and signed out.
  // The member holds a seat (2 paid, 1 free); the invitee has not joined; nobody has ordered yet.
  'GET /v1/team/mine': {
    access: 'team',
    call: () => ({ method: 'GET', url: '/v1/team/mine' }),
    roles: { owner: 200, admin: 200, member: 200, otherAdmin: 200, stranger: 200 },
    check: (res, role, r) => {
      const { admin, membership } = res.json().data;
      if (role === 'owner' || role === 'admin') expect(admin).toMatchObject({ id: r.teamId, role });
      else if (role === 'otherAdmin') expect(admin.id).not.toBe(r.teamId);
      else expect(admin).toBeNull();
      if (role === 'member') expect(membership).toMatchObject({ teamId: r.teamId, canOrder: true });
      else expect(membership).toBeNull();
    },
  },
  'POST /v1/team/mine': {
    access: 'team',
    call: () => ({ method: 'POST', url: '/v1/team/mine', json: {} }),
    roles: { owner: 200, admin: 200, member: 200, otherAdmin: 200, stranger: 200 },
    check: (res, role, r) => {
      const { admin } = res.json().data;
      if (role === 'owner' || role === 'admin') expect(admin.id).toBe(r.teamId);
      else expect(admin?.id ?? null).not.toBe(r.teamId);
    },
  },
  // Names no team: whoever runs one already hears so; a member or a stranger starts their own.
  'POST /v1/team/create': {
    access: 'team',
    call: () => ({ method: 'POST', url: '/v1/team/create', json: { name: 'Another company' } }),
    roles: { owner: 409, admin: 409, member: 200, otherAdmin: 409, stranger: 200 },
    check: (res, _role, r) => {
      if (res.statusCode !== 200) return expect(res.json().message).toBe('You already run a team');
      expect(res.json().data.id).not.toBe(r.teamId);
      expect(res.json().data.role).toBe('owner');
    },
  },
  'POST /v1/team/brand': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/brand', json: { teamId: r.teamId, brand: null } }),
    roles: { owner: 200, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  'POST /v1/team/seats/buy': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/seats/buy', json: { teamId: r.teamId, packageId: 'basic', quantity: 1 } }),
    roles: { owner: 200, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  // Named by the purchase's session: a caller who does not run its team hears of no team.
  'POST /v1/team/seats/confirm': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/seats/confirm', json: { sessionId: r.sessionId } }),
    roles: { owner: 200, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
    check: (res, _role, r) => expect(res.json().data).toEqual({ purchaseId: r.purchaseId, teamId: r.teamId, status: 'paid' }),
  },
  // The admin refunds the one free seat; the owner then hears that none is left.
  'POST /v1/team/seats/refund': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/seats/refund', json: { teamId: r.teamId, purchaseId: r.purchaseId, requestId: randomUUID() } }),
    roles: { owner: 409, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  'POST /v1/team/invite': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/invite', json: { teamId: r.teamId, emails: ['new-hire@example.com'], language: 'us' } }),
    roles: { owner: 200, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  'POST /v1/team/link/create': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/link/create', json: { teamId: r.teamId, domain: null, cap: 3, expiresInDays: 3 } }),
    roles: { owner: 200, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  'POST /v1/team/link/revoke': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/link/revoke', json: { teamId: r.teamId, linkId: r.linkId } }),
    roles: { owner: 200, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  'POST /v1/team/member/revoke': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/member/revoke', json: { teamId: r.teamId, memberId: r.inviteeId } }),
    roles: { owner: 200, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  'POST /v1/team/member/remind': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/member/remind', json: { teamId: r.teamId, memberId: r.inviteeId } }),
    roles: { owner: 200, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  // The member has not ordered yet: the owner and the admin hear when a retry can be given.
  'POST /v1/team/member/retry': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/member/retry', json: { teamId: r.teamId, memberId: r.memberId } }),
    roles: { owner: 409, admin: 409, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  // The owner's alone: an admin is answered as a stranger.
  'POST /v1/team/admin/add': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/admin/add', json: { teamId: r.teamId, email: r.adminEmail } }),
    roles: { owner: 200, admin: 'refused', member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  'POST /v1/team/admin/remove': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/admin/remove', json: { teamId: r.teamId, email: r.adminEmail } }),
    roles: { owner: 200, admin: 'refused', member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  // The admin invitation's token opens and answers only for the address it was sent to, whoever else presents it.
  'POST /v1/team/admin/invitation': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/admin/invitation', json: { token: r.adminToken } }),
    roles: { owner: 403, admin: 403, member: 403, otherAdmin: 403, stranger: 403 },
  },
  'POST /v1/team/admin/answer': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/admin/answer', json: { token: r.adminToken, answer: 'accept' } }),
    roles: { owner: 403, admin: 403, member: 403, otherAdmin: 403, stranger: 403 },
  },
  // An admin may leave; the owner hears that they cannot.
  'POST /v1/team/leave': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/leave', json: { teamId: r.teamId } }),
    roles: { owner: 409, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  // The invitation's token joins only the address it was sent to, whoever else presents it.
  'POST /v1/team/join': {
    access: 'team',
    call: (r) => ({ method: 'POST', url: '/v1/team/join', json: { invitation: r.inviteeToken } }),
    roles: { owner: 403, admin: 403, member: 403, otherAdmin: 403, stranger: 403 },
  },
  // Only a member orders on the team; anyone else is told they are in no team (the owner and admins too).
  'POST /v1/team/order': {
    access: 'team',
    call: () => teamOrderCall(),
    roles: { owner: 404, admin: 404, member: 200, otherAdmin: 404, stranger: 404 },
    check: (res, role) => {
      if (role !== 'member') expect(res.json()).toEqual({ code: 404, message: 'You are not a member of a team', data: null });
    },
  },
  'GET /v1/team/:teamId/favorites.zip': {
    access: 'team',
    navigation: true,
    call: (r) => ({ method: 'GET', url: `/v1/team/${r.teamId}/favorites.zip` }),
    roles: { owner: 200, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
  },
  'GET /v1/team/:teamId/members.csv': {
    access: 'team',
    navigation: true,
    call: (r) => ({ method: 'GET', url: `/v1/team/${r.teamId}/members.csv` }),
    roles: { owner: 200, admin: 200, member: 'refused', otherAdmin: 'refused', stranger: 'refused' },
    check: (res) => expect(res.body).toMatch(/^email,status/),
  },

  'POST /v1/operator/overview': { access: 'operator', call: () => ({ method: 'POST', url: '/v1/operator/overview', json: {} }), status: 200 },
  'POST /v1/operator/orders/search': {
    access: 'operator',
    call: (r) => ({ method: 'POST', url: '/v1/operator/orders/search', json: { query: r.orderId } }),
    status: 200,
  },
  'POST /v1/operator/orders/get': {
    access: 'operator',
    call: (r) => ({ method: 'POST', url: '/v1/operator/orders/get', json: { orderId: r.orderId } }),
    status: 200,
  },
  // The seeded order is delivered, not failed: the operator hears why it cannot be retried.
  'POST /v1/operator/orders/retry': {
    access: 'operator',
    call: (r) => ({ method: 'POST', url: '/v1/operator/orders/retry', json: { orderId: r.orderId, requestId: randomUUID() } }),
    status: 409,
  },
  // More than was paid: the operator hears the limit, and nothing is refunded.
  'POST /v1/operator/orders/refund': {
    access: 'operator',
    call: (r) => ({
      method: 'POST',
      url: '/v1/operator/orders/refund',
      json: { orderId: r.orderId, requestId: randomUUID(), amountCents: 999_999, revokePortraits: true, mailCustomer: true, note: 'Sorry' },
    }),
    status: 400,
  },
  'POST /v1/operator/orders/resendReady': {
    access: 'operator',
    call: (r) => ({ method: 'POST', url: '/v1/operator/orders/resendReady', json: { orderId: r.orderId, requestId: randomUUID() } }),
    status: 200,
  },
  'POST /v1/operator/orders/extendRetention': {
    access: 'operator',
    call: (r) => ({ method: 'POST', url: '/v1/operator/orders/extendRetention', json: { orderId: r.orderId, requestId: randomUUID() } }),
    status: 200,
  },
  'POST /v1/operator/customers/get': {
    access: 'operator',
    call: () => ({ method: 'POST', url: '/v1/operator/customers/get', json: { email: OPERATOR } }),
    status: 200,
  },
  'POST /v1/operator/customers/delete': {
    access: 'operator',
    call: () => ({ method: 'POST', url: '/v1/operator/customers/delete', json: { email: 'nobody-here@example.com', requestId: randomUUID() } }),
    status: 404,
  },
  'POST /v1/operator/betaSeats': {
    access: 'operator',
    call: () => ({ method: 'POST', url: '/v1/operator/betaSeats', json: { seats: 30, requestId: randomUUID() } }),
    status: 200,
  },
  // Nobody has this address: no case frees a seat.
  'POST /v1/operator/betaSeats/free': {
    access: 'operator',
    call: () => ({ method: 'POST', url: '/v1/operator/betaSeats/free', json: { email: 'nobody-here@example.com', requestId: randomUUID() } }),
    status: 404,
  },
  'POST /v1/operator/audit': { access: 'operator', call: () => ({ method: 'POST', url: '/v1/operator/audit', json: {} }), status: 200 },
  'POST /v1/operator/teams/search': {
    access: 'operator',
    call: () => ({ method: 'POST', url: '/v1/operator/teams/search', json: { query: 'secret-name' } }),
    status: 200,
  },
  'POST /v1/operator/teams/get': {
    access: 'operator',
    call: (r) => ({ method: 'POST', url: '/v1/operator/teams/get', json: { teamId: r.teamId } }),
    status: 200,
  },
  // The seeded team has its owner: naming another is refused.
  'POST /v1/operator/teams/setOwner': {
    access: 'operator',
    call: (r) => ({
      method: 'POST',
      url: '/v1/operator/teams/setOwner',
      json: { teamId: r.teamId, email: 'nobody-here@example.com', requestId: randomUUID() },
    }),
    status: 409,
  },
  // No such member in the seeded team.
  'POST /v1/operator/teams/grantRetry': {
    access: 'operator',
    call: (r) => ({ method: 'POST', url: '/v1/operator/teams/grantRetry', json: { teamId: r.teamId, memberId: NONE, requestId: randomUUID() } }),
    status: 404,
  },
  // ---- Referrals: the link is a public navigation; the page is the caller's own; the console's two calls.
  'GET /r/:code': {
    access: 'public',
    reason: 'a referral link: it only remembers the code in a cookie for a sign-up and lands on the home page',
    call: () => ({ method: 'GET', url: '/r/ABCDEFGHJKMNP' }),
    signedOut: 302,
  },
  'GET /v1/referrals/mine': {
    access: 'account',
    call: () => ({ method: 'GET', url: '/v1/referrals/mine' }),
    status: 200,
    check: (res, who) => expectOwnReferralCode(res, who.user.id),
  },
  'POST /v1/referrals/mine': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/referrals/mine', json: {} }),
    status: 200,
    check: (res, who) => expectOwnReferralCode(res, who.user.id),
  },
  'POST /v1/operator/referrals/get': {
    access: 'operator',
    call: () => ({ method: 'POST', url: '/v1/operator/referrals/get', json: { email: OPERATOR } }),
    status: 200,
  },
  'POST /v1/operator/referrals/voidCredit': {
    access: 'operator',
    call: () => ({ method: 'POST', url: '/v1/operator/referrals/voidCredit', json: { creditId: NONE, requestId: randomUUID() } }),
    status: 404,
  },
  // Gift cards
  'POST /v1/giftcards': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/giftcards', json: { packageId: 'basic', delivery: 'print', language: 'us' } }),
    status: 200,
    check: (res) => expect(res.json().data).toMatchObject({ provider: 'offline', clientSecret: expect.any(String) }),
  },
  'GET /v1/giftcards/mine': {
    access: 'account',
    call: () => ({ method: 'GET', url: '/v1/giftcards/mine' }),
    status: 200,
    // Neither the other customer nor the owner (who bought none here) sees a card that is not theirs.
    check: (res) => expect(res.json().data).toEqual({ bought: [], redeemed: [] }),
  },
  'POST /v1/giftcards/mine': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/giftcards/mine', json: {} }),
    status: 200,
    // Neither the other customer nor the owner (who bought none here) sees a card that is not theirs.
    check: (res) => expect(res.json().data).toEqual({ bought: [], redeemed: [] }),
  },
  'POST /v1/giftcards/check': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/giftcards/check', json: { code: UNKNOWN_GIFT_CODE } }),
    status: 404,
    check: (res) => expect(res.json().message).toBe('Gift card not found'),
  },
  'POST /v1/giftcards/redeem': {
    access: 'account',
    call: () => ({ method: 'POST', url: '/v1/giftcards/redeem', json: { code: UNKNOWN_GIFT_CODE } }),
    status: 404,
    check: (res) => expect(res.json().message).toBe('Gift card not found'),
  },
  'POST /v1/giftcards/confirm': {
    access: 'owned',
    needsGiftCard: true,
    call: (r) => ({ method: 'POST', url: '/v1/giftcards/confirm', json: { sessionId: r.giftCardSessionId } }),
    status: 200,
  },
  'POST /v1/giftcards/resend': {
    access: 'owned',
    needsGiftCard: true,
    call: (r) => ({ method: 'POST', url: '/v1/giftcards/resend', json: { giftCardId: r.giftCardId } }),
    status: 200,
  },
  'POST /v1/giftcards/refund': {
    access: 'owned',
    needsGiftCard: true,
    call: (r) => ({ method: 'POST', url: '/v1/giftcards/refund', json: { giftCardId: r.giftCardId, requestId: randomUUID() } }),
    status: 200,
  },
  'POST /v1/giftcards/order': {
    access: 'owned',
    needsGiftCard: true,
    call: (r) => giftOrderCall(r.redeemedGiftCardId),
    status: 200,
  },
  'POST /v1/operator/giftcards/search': {
    access: 'operator',
    call: () => ({ method: 'POST', url: '/v1/operator/giftcards/search', json: { query: 'owner' } }),
    status: 200,
  },
  'POST /v1/operator/giftcards/resend': {
    access: 'operator',
    call: (r) => ({ method: 'POST', url: '/v1/operator/giftcards/resend', json: { giftCardId: r.giftCardId, requestId: randomUUID() } }),
    status: 200,
  },
  'POST /v1/operator/giftcards/void': {
    access: 'operator',
    call: (r) => ({ method: 'POST', url: '/v1/operator/giftcards/void', json: { giftCardId: r.giftCardId, requestId: randomUUID(), reason: 'test' } }),
    status: 200,
  },
  'GET /v1/operator/orders/:orderId/thumbs/:no': {
    access: 'operator',
    call: (r) => ({ method: 'GET', url: `/v1/operator/orders/${r.orderId}/thumbs/1` }),
    status: 200,
  },
};

const OPERATOR = 'operator@example.com';

/** Referrals: the page answers the caller's own code, as stored for their account. */
async function expectOwnReferralCode(res: Response, userId: string) {
  const [row] = await t.app.ctx.database.db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
  expect(res.json().data.code).toBe(row?.code);
}

/** Routes outside /v1: pages of the site. What they show comes from the /v1 calls above. */
const SITE_ROUTES: Record<string, { reason: string; signedOutRedirect?: string }> = {
  'GET /dashboard': { reason: 'the dashboard app; signed-out visitors go to the login page first', signedOutRedirect: '/dashboard' },
  'GET /dashboard/*': { reason: 'every dashboard page; signed-out visitors go to the login page first', signedOutRedirect: '/dashboard/myOrders' },
  'GET /*': { reason: 'only the files of the built public site (marketing pages, login, policies, 404)' },
};

/** Sends `call` as `who` (null: signed out) with the headers a same-site browser sends. */
function send(call: Call, who: Session | null): Promise<Response> {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', ...(who ? { cookie: who.cookie } : {}) };
  if (call.form) headers['content-type'] = call.form.contentType;
  else if (call.json) headers['content-type'] = 'application/json';
  return t.app.inject({ method: call.method, url: call.url, headers, payload: call.form?.payload ?? (call.json as object | undefined) });
}

let people = 0;
/** A fresh owner with a completed order (portraits, favorite, download, payment), and another customer. */
async function cast(needsCheckout = false, withTeam = false, withGiftCard = false) {
  people += 1;
  const owner = await signInAs(t, `owner${people}@example.com`);
  const other = await signInAs(t, `other${people}@example.com`);
  const order = await seedCompletedOrder(t, owner.user.id);
  const { db } = t.app.ctx.database;
  await db.update(orders).set({ comment: OWNER_COMMENT }).where(eq(orders.id, order.id));
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, order.id));
  let { clientSecret, sessionId, pendingOrderId } = MISSING;
  if (needsCheckout) {
    const res = await send(checkoutCall(), owner);
    expect(res.statusCode).toBe(200);
    ({ clientSecret, sessionId, orderId: pendingOrderId } = res.json().data);
  }
  let { teamId } = MISSING;
  if (withTeam) {
    const res = await send({ method: 'POST', url: '/v1/team/create', json: { name: `Team ${people} secret-name` } }, owner);
    expect(res.statusCode).toBe(200);
    teamId = res.json().data.id;
  }
  // Gift cards: one mailed to a friend, one the owner printed and redeemed themselves.
  let { giftCardId, giftCardSessionId, redeemedGiftCardId } = MISSING;
  if (withGiftCard) {
    const buyCard = async (json: object) => {
      const bought = await send({ method: 'POST', url: '/v1/giftcards', json: { packageId: 'basic', language: 'us', ...json } }, owner);
      expect(bought.statusCode).toBe(200);
      const paid = await send({ method: 'POST', url: '/v1/checkout/offline/pay', json: { clientSecret: bought.json().data.clientSecret } }, owner);
      expect(paid.statusCode).toBe(200);
      return bought.json().data as { giftCardId: string; sessionId: string };
    };
    ({ giftCardId, sessionId: giftCardSessionId } = await buyCard({ delivery: 'mail', recipientEmail: `friend${people}@example.com` }));
    redeemedGiftCardId = (await buyCard({ delivery: 'print' })).giftCardId;
    // Redeemed in the database: the redeem route's attempts are rate limited per client address, and every call here comes from one.
    await db
      .update(giftCards)
      .set({ redeemedBy: owner.user.id, redeemedIdentity: 'owner', redeemedAt: new Date() })
      .where(eq(giftCards.id, redeemedGiftCardId));
  }
  const mine: Resource = {
    orderId: order.id,
    paymentId: payment!.id,
    clientSecret,
    sessionId,
    pendingOrderId,
    teamId,
    giftCardId,
    giftCardSessionId,
    redeemedGiftCardId,
  };
  const secrets = [owner.user.email, owner.user.id, owner.token, mine.orderId, mine.paymentId, mine.clientSecret, OWNER_COMMENT];
  if (withTeam) secrets.push(teamId, `Team ${people} secret-name`);
  if (withGiftCard) secrets.push(giftCardId, giftCardSessionId, redeemedGiftCardId);
  return { owner, other, mine, secrets };
}

/** Nothing of the owner's in a response: not in the body, not in a header (`location` is checked by the caller). */
function expectNothingOf(secrets: string[], res: Response) {
  const { location: _location, ...headers } = res.headers;
  const text = `${res.body}\n${JSON.stringify(headers)}`;
  for (const secret of secrets) expect(text).not.toContain(secret);
}

const loginRedirect = (url: string) => `/login?${new URLSearchParams({ redirectURL: url })}`;

/** The answer a signed-out caller must get: 401 "log in" for calls, the login page for browser navigations. */
function expectSignedOutRefusal(res: Response, call: Call, navigation: boolean | undefined) {
  if (navigation) {
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(loginRedirect(call.url));
    return;
  }
  expect(res.statusCode).toBe(401);
  if (call.method !== 'HEAD') expect(res.json()).toEqual({ code: 401, message: expect.stringMatching(/log in/), data: null });
}

describe('[authorization] every route, signed out, as another customer and as the owner', () => {
  beforeAll(async () => {
    // A web-only process: a paid order is queued, not generated, so nothing moves under the assertions.
    // Every route of the matrix from one client address within a minute: the per-address limit is another test's subject.
    t = await buildTestApp({ ROLE: 'web', OPERATOR_EMAILS: OPERATOR, RATE_LIMIT_PER_MINUTE: '1000000' });
    photos = await makePhotos(6);
  });
  afterAll(() => t.close());

  it('has an expectation for every route the server registers, and none for a route it does not have', () => {
    const registered = t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`);
    const listed = [...Object.keys(ROUTES), ...Object.keys(SITE_ROUTES)];
    expect(registered.filter((r) => !r.startsWith('HEAD ') && !listed.includes(r))).toEqual([]);
    expect(listed.filter((r) => !registered.includes(r))).toEqual([]);
    // HEAD routes are the automatic twins of GET routes and are checked with them below.
    for (const head of registered.filter((r) => r.startsWith('HEAD '))) expect(listed).toContain(head.replace(/^HEAD /, 'GET '));
    for (const [route, expectation] of Object.entries(ROUTES)) {
      if (expectation.access === 'public') expect(expectation.reason, route).not.toBe('');
    }
  });

  const publicRoutes = Object.entries(ROUTES).filter(([, e]) => e.access === 'public') as [string, Extract<Expectation, { access: 'public' }>][];
  it.each(publicRoutes)('%s is public: it answers a visitor without a session', async (_route, e) => {
    const res = await send(e.call(), null);
    expect(res.statusCode).toBe(e.signedOut);
  });

  const accountRoutes = Object.entries(ROUTES).filter(([, e]) => e.access === 'account') as [string, Extract<Expectation, { access: 'account' }>][];
  it.each(accountRoutes)("%s acts only on the caller's own account", async (_route, e) => {
    const { owner, other, mine, secrets } = await cast();
    const before = await ownedState(t, owner.user.id);

    const signedOut = await send(e.call(), null);
    expectSignedOutRefusal(signedOut, e.call(), false);
    expectNothingOf(secrets, signedOut);

    const theirs = await send(e.call(), other);
    expect(theirs.statusCode).toBe(e.status);
    await e.check(theirs, other);
    expectNothingOf(secrets, theirs);

    expect(await ownedState(t, owner.user.id)).toEqual(before);

    const res = await send(e.call(), owner);
    expect(res.statusCode).toBe(e.status);
    await e.check(res, owner, mine);
  });

  const ownedRoutes = Object.entries(ROUTES).filter(([, e]) => e.access === 'owned') as [string, Extract<Expectation, { access: 'owned' }>][];
  it.each(ownedRoutes)('%s refuses anyone but the owner exactly as it refuses a missing resource', async (_route, e) => {
    const { owner, other, mine, secrets } = await cast(e.needsCheckout, false, e.needsGiftCard);
    const before = await ownedState(t, owner.user.id);
    const sameAnswer = (a: Response, b: Response) => {
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.body).toBe(b.body);
      expect(a.headers['content-type']).toBe(b.headers['content-type']);
    };

    const signedOut = await send(e.call(mine), null);
    expectSignedOutRefusal(signedOut, e.call(mine), e.navigation);
    expectNothingOf(secrets, signedOut);
    sameAnswer(signedOut, await send(e.call(MISSING), null));

    const theirs = await send(e.call(mine), other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 404, data: null });
    expectNothingOf(secrets, theirs);
    sameAnswer(theirs, await send(e.call(MISSING), other));
    sameAnswer(theirs, await send(e.call(MISSING), owner));

    expect(await ownedState(t, owner.user.id)).toEqual(before);

    const res = await send(e.call(mine), owner);
    expect(res.statusCode).toBe(e.status);
  });

  // The image route's table row asks for the full portrait; its renditions are refused to others alike.
  it.each(['thumb', 'preview', 'full'])('GET /v1/image/get/:orderId/:n?size=%s refuses anyone but the owner exactly as a missing order', async (size) => {
    const { owner, other, mine, secrets } = await cast();
    const before = await ownedState(t, owner.user.id);
    const call = (r: Resource): Call => ({ method: 'GET', url: `/v1/image/get/${r.orderId}/1?size=${size}` });
    const signedOut = await send(call(mine), null);
    expectSignedOutRefusal(signedOut, call(mine), false);
    const theirs = await send(call(mine), other);
    const missing = await send(call(MISSING), other);
    expect([theirs.statusCode, theirs.body]).toEqual([404, missing.body]);
    expectNothingOf(secrets, theirs);
    expect(await ownedState(t, owner.user.id)).toEqual(before);
  });

  const operatorRoutes = Object.entries(ROUTES).filter(([, e]) => e.access === 'operator') as [string, Extract<Expectation, { access: 'operator' }>][];
  it.each(operatorRoutes)('%s answers anyone but an operator exactly as a route that does not exist', async (_route, e) => {
    // The owner runs a team too: a team's owner is a customer like any other here.
    const { owner, other, mine, secrets } = await cast(false, true, true);
    const operator = await signInAs(t, OPERATOR);
    const call = e.call(mine);
    const unknown = { code: 404, message: `No such call: ${call.method} ${call.url}`, data: null };
    for (const who of [null, other, owner]) {
      const res = await send(call, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown);
      // The unknown route's answer repeats the path asked for, and nothing else.
      expectNothingOf(
        secrets.filter((secret) => !call.url.includes(secret)),
        res,
      );
    }
    expect((await send(call, operator)).statusCode).toBe(e.status);
  });

  const teamRoutes = Object.entries(ROUTES).filter(([, e]) => e.access === 'team') as [string, Extract<Expectation, { access: 'team' }>][];
  it.each(teamRoutes)('%s answers each part of the team as its table says, and anyone else as for a missing team', async (_route, e) => {
    const { people, team, secrets } = await seedTeam(t, 'auth');
    const before = await teamState(t, team.teamId);
    const sameAnswer = (a: Response, b: Response) => {
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.body).toBe(b.body);
      expect(a.headers['content-type']).toBe(b.headers['content-type']);
    };

    const signedOut = await send(e.call(team), null);
    expectSignedOutRefusal(signedOut, e.call(team), e.navigation);
    expectNothingOf(secrets, signedOut);
    if (!e.navigation) sameAnswer(signedOut, await send(e.call(MISSING_TEAM), null));
    expect(await teamState(t, team.teamId)).toEqual(before);

    const refused = TEAM_ROLES.filter((role) => e.roles[role] === 'refused');
    // Every role with no right to the call gets the stranger's answer, which is a missing team's.
    const strangers = refused.length > 0 ? await send(e.call(MISSING_TEAM), people.stranger) : null;
    for (const role of refused) {
      const res = await send(e.call(team), people[role]);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Team not found', data: null });
      expectNothingOf(secrets, res);
      sameAnswer(res, await send(e.call(MISSING_TEAM), people[role]));
      sameAnswer(res, strangers!);
      expect(await teamState(t, team.teamId), role).toEqual(before);
    }
    for (const role of TEAM_ROLES.filter((r) => e.roles[r] !== 'refused')) {
      const res = await send(e.call(team), people[role]);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(e.roles[role]);
      if (res.statusCode >= 400 && role !== 'owner' && role !== 'admin') expectNothingOf(secrets, res);
      e.check?.(res, role, team);
    }
  });

  const headTwins = Object.entries(ROUTES).filter(([route]) => route.startsWith('GET '));
  it.each(headTwins)('HEAD twin of %s answers with the same status as GET, and no body', async (route, e) => {
    const head = (call: Call): Call => ({ ...call, method: 'HEAD' });
    if (!t.app.registeredRoutes.some((r) => `${r.method} ${r.url}` === route.replace(/^GET /, 'HEAD '))) {
      // No HEAD is exposed (the zip download, so that a HEAD cannot record downloads): the router says 404.
      const missing = e.access === 'team' ? e.call(MISSING_TEAM) : e.access === 'owned' || e.access === 'operator' ? e.call(MISSING) : e.call();
      expect((await send(head(missing), null)).statusCode).toBe(404);
      return;
    }
    if (e.access === 'team') {
      const { people, team } = await seedTeam(t, 'head');
      const call = head(e.call(team));
      expectSignedOutRefusal(await send(call, null), call, e.navigation);
      for (const role of TEAM_ROLES) {
        const res = await send(call, people[role]);
        expect(res.body).toBe('');
        expect(res.statusCode, role).toBe(e.roles[role] === 'refused' ? 404 : e.roles[role]);
      }
      return;
    }
    if (e.access === 'public') {
      expect((await send(head(e.call()), null)).statusCode).toBe(e.signedOut);
      return;
    }
    if (e.access === 'operator') {
      const { mine } = await cast();
      const call = head(e.call(mine));
      expect((await send(call, null)).statusCode).toBe(404);
      expect((await send(call, await signInAs(t, OPERATOR))).statusCode).toBe(e.status);
      return;
    }
    const { owner, other, mine } = await cast();
    const call = e.access === 'owned' ? e.call(mine) : e.call();
    for (const res of [await send(head(call), null), await send(head(call), other), await send(head(call), owner)]) expect(res.body).toBe('');
    expectSignedOutRefusal(await send(head(call), null), head(call), e.access === 'owned' && e.navigation);
    expect((await send(head(call), other)).statusCode).toBe(e.access === 'owned' ? 404 : e.status);
    expect((await send(head(call), owner)).statusCode).toBe(e.status);
  });

  const dashboardRoutes = Object.entries(SITE_ROUTES).filter(([, s]) => s.signedOutRedirect);
  it.each(dashboardRoutes)('%s sends a signed-out visitor to the login page', async (_route, s) => {
    const res = await send({ method: 'GET', url: s.signedOutRedirect! }, null);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(loginRedirect(s.signedOutRedirect!));
  });
});
