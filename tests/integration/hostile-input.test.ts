import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { giftCards, loginTokens, orders } from '@/server/db/schema';
import { ZEmptyRequestSchema, ZRedeemLoginLinkRequestSchema, ZSendLoginLinkRequestSchema, ZSetLanguageRequestSchema } from '@/shared/contracts/auth';
import { safeRedirectPath } from '@/shared/redirect';
import { looksLikeLink } from '@/shared/email';
import { ZConfirmCheckoutRequestSchema, ZOfflineSessionRequestSchema } from '@/shared/contracts/checkout';
import { ZCreateRefreshRequestSchema } from '@/shared/contracts/refresh';
import { ZOrderInfoRequestSchema } from '@/shared/contracts/order-info';
import {
  ZAddDownloadedRequestSchema,
  ZReplacePortraitRequestSchema,
  ZDeleteOrderRequestSchema,
  ZDiscardOrderRequestSchema,
  ZRequestRefundRequestSchema,
  ZResumeCheckoutRequestSchema,
  ZListOrdersRequestSchema,
  ZSetCommentRequestSchema,
  ZSetFavoriteRequestSchema,
} from '@/shared/contracts/orders';
import { ZListReceiptsRequestSchema } from '@/shared/contracts/receipts';
import {
  ZAuditRequestSchema,
  ZDeleteCustomerRequestSchema,
  ZOperatorCustomerRequestSchema,
  ZOperatorOrderRequestSchema,
  ZOperatorRefundRequestSchema,
  ZOrderActionRequestSchema,
  ZSearchOrdersRequestSchema,
  ZSetBetaSeatsRequestSchema,
  ZFreeBetaSeatRequestSchema,
  ZSetTeamOwnerRequestSchema,
  ZGrantTeamRetryRequestSchema,
} from '@/shared/contracts/operator';
import {
  ZAdminInvitationRequestSchema,
  ZAnswerAdminInvitationRequestSchema,
  ZBuySeatsRequestSchema,
  ZConfirmSeatsRequestSchema,
  ZCreateLinkRequestSchema,
  ZCreateTeamRequestSchema,
  ZInviteRequestSchema,
  ZJoinTeamRequestSchema,
  ZLeaveTeamRequestSchema,
  ZMemberActionRequestSchema,
  ZOperatorTeamRequestSchema,
  ZOperatorTeamsRequestSchema,
  ZRefundSeatsRequestSchema,
  ZRevokeLinkRequestSchema,
  ZSetTeamBrandRequestSchema,
  ZTeamAdminRequestSchema,
} from '@/shared/contracts/team';
import { ZOperatorReferralsRequestSchema, ZVoidCreditRequestSchema } from '@/shared/contracts/referral';
import {
  ZBuyGiftCardRequestSchema,
  ZConfirmGiftCardRequestSchema,
  ZGiftCardActionRequestSchema,
  ZGiftCodeRequestSchema,
  ZOperatorGiftCardActionRequestSchema,
  ZOperatorGiftCardsRequestSchema,
  ZRefundGiftCardRequestSchema,
} from '@/shared/contracts/giftcard';
import { validAnswers } from '../support/answers';
import { priceOf, usd } from '../support/prices';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectEnvelope, expectHealthy, hasPoisonKey, HOSTILE_TEXT, postRoutesOf, StoredNothingLedger, storedState, UNSTORABLE_TEXT } from './helpers/hostile';
import { checkoutForm, makePhotos } from './helpers/photos';
import { seedCompletedOrder } from './helpers/seed';
import { signInAs } from './helpers/session';
import { seedTeam } from './helpers/teams';

/** What a field holds, which decides how the server answers hostile text in it. */
type FieldKind =
  | 'email'
  | 'redirect'
  | 'language'
  | 'token'
  | 'secret'
  | 'coupon'
  | 'orderId'
  | 'comment'
  | 'search'
  | 'cursor'
  | 'requestId'
  | 'numbers'
  | 'number'
  | 'boolean'
  | 'note'
  /** A team's id: a hostile one is answered exactly as a team that does not exist. */
  | 'teamId'
  /** An id inside the caller's team (a member, a link, a purchase): answered as a missing one. */
  | 'teamItem'
  /** A seat purchase's checkout session: one the caller does not run is a missing team. */
  | 'seatSession'
  | 'teamName'
  | 'domain'
  | 'joinToken'
  /** An admin invitation's token: a hostile one is answered as an invitation no longer valid. */
  | 'adminToken'
  | 'teamSearch'
  /** Referrals: a credit's id, answered as a missing one. */
  | 'creditId'
  /** Gift cards: a card's id or its checkout session (answered as a missing card), a code, free text, a recipient, the console's search. */
  | 'giftCard'
  | 'giftCode'
  | 'giftText'
  | 'giftRecipient'
  | 'giftSearch';

interface JsonRoute {
  url: string;
  schema: z.ZodType;
  /** Which session calls it: the customer, a throwaway customer (account deletion), an operator, or nobody. */
  caller: 'customer' | 'throwaway' | 'operator' | 'visitor' | 'teamOwner';
  /** A body the route's contract accepts; hostile cases change one thing in it. */
  body: () => Record<string, unknown>;
  fields: Record<string, FieldKind>;
  required: string[];
}

/** Ids and secrets of real records, filled in once the app runs; routes read them when a case is built. */
const fx = {
  userId: '',
  orderId: '',
  pendingOrderId: '',
  clientSecret: '',
  sessionId: '',
  cookie: '',
  throwawayCookie: '',
  operatorCookie: '',
  // A team the `teamOwner` caller runs (2 seats paid, a member holding one), and another owner's team.
  teamOwnerCookie: '',
  teamId: '',
  purchaseId: '',
  seatSessionId: '',
  memberId: '',
  inviteeId: '',
  linkId: '',
  otherTeamId: '',
  otherTeamCookie: '',
  // Gift cards: a paid print card of the customer's and its checkout session.
  giftCardId: '',
  giftSessionId: '',
};

/**
 * Every JSON-body POST route. The table is checked against the app's route registry below: a new POST
 * route without an entry here (or in OTHER_POST_ROUTES) fails the suite.
 */
const JSON_ROUTES: JsonRoute[] = [
  {
    url: '/v1/loginLink/send',
    schema: ZSendLoginLinkRequestSchema,
    caller: 'visitor',
    body: () => ({ email: 'hostile@example.com', redirectURL: '/dashboard', language: 'fr' }),
    fields: { email: 'email', redirectURL: 'redirect', language: 'language' },
    required: ['email'],
  },
  {
    url: '/v1/loginLink/verify',
    schema: ZRedeemLoginLinkRequestSchema,
    caller: 'visitor',
    body: () => ({ token: 'no-such-token' }),
    fields: { token: 'token' },
    required: ['token'],
  },
  { url: '/v1/user/info', schema: ZEmptyRequestSchema, caller: 'customer', body: () => ({}), fields: {}, required: [] },
  {
    url: '/v1/user/language',
    schema: ZSetLanguageRequestSchema,
    caller: 'customer',
    body: () => ({ language: 'fr' }),
    fields: { language: 'language' },
    required: ['language'],
  },
  { url: '/v1/user/delete', schema: ZEmptyRequestSchema, caller: 'throwaway', body: () => ({}), fields: {}, required: [] },
  { url: '/v1/stripe/coupon', schema: ZEmptyRequestSchema, caller: 'visitor', body: () => ({}), fields: {}, required: [] },
  { url: '/v1/stripe/receipts', schema: ZListReceiptsRequestSchema, caller: 'customer', body: () => ({}), fields: {}, required: [] },
  {
    url: '/v1/checkout/offline/session',
    schema: ZOfflineSessionRequestSchema,
    caller: 'customer',
    body: () => ({ clientSecret: fx.clientSecret, couponCode: 'FIRST30' }),
    fields: { clientSecret: 'secret', couponCode: 'coupon' },
    required: ['clientSecret'],
  },
  {
    url: '/v1/checkout/offline/pay',
    schema: ZOfflineSessionRequestSchema,
    caller: 'customer',
    // Not the real secret: a hostile case that slipped through must not pay for the order.
    body: () => ({ clientSecret: 'cs_offline_not_a_session_secret_x' }),
    fields: { clientSecret: 'secret' },
    required: ['clientSecret'],
  },
  {
    url: '/v1/stripe/checkout/confirm',
    schema: ZConfirmCheckoutRequestSchema,
    caller: 'customer',
    body: () => ({ sessionId: fx.sessionId }),
    fields: { sessionId: 'secret' },
    required: ['sessionId'],
  },
  { url: '/v1/order/list', schema: ZListOrdersRequestSchema, caller: 'customer', body: () => ({}), fields: {}, required: [] },
  // A pending order cannot be deleted, so no case can delete the order the others work on.
  {
    url: '/v1/order/delete',
    schema: ZDeleteOrderRequestSchema,
    caller: 'customer',
    body: () => ({ orderId: fx.pendingOrderId }),
    fields: { orderId: 'orderId' },
    required: ['orderId'],
  },
  // The delivered order has no payment to resume, so no case reopens the pending order's (and so changes its secret).
  {
    url: '/v1/order/resumeCheckout',
    schema: ZResumeCheckoutRequestSchema,
    caller: 'customer',
    body: () => ({ orderId: fx.orderId }),
    fields: { orderId: 'orderId' },
    required: ['orderId'],
  },
  // Nor can it be discarded: no case can take the pending order away from the routes that work on it.
  {
    url: '/v1/order/discard',
    schema: ZDiscardOrderRequestSchema,
    caller: 'customer',
    body: () => ({ orderId: fx.orderId }),
    fields: { orderId: 'orderId' },
    required: ['orderId'],
  },
  // The pending order was never delivered, so no case can make a refresh of it.
  {
    url: '/v1/order/refresh',
    schema: ZCreateRefreshRequestSchema,
    caller: 'customer',
    body: () => ({ orderId: fx.pendingOrderId, attire: ['scrubs'], background: ['clinic'] }),
    fields: { orderId: 'orderId' },
    required: ['orderId', 'attire', 'background'],
  },
  // The pending order was never paid, so no case can refund anything.
  {
    url: '/v1/order/refund',
    schema: ZRequestRefundRequestSchema,
    caller: 'customer',
    body: () => ({ orderId: fx.pendingOrderId }),
    fields: { orderId: 'orderId' },
    required: ['orderId'],
  },
  {
    url: '/v1/order/setComment',
    schema: ZSetCommentRequestSchema,
    caller: 'customer',
    body: () => ({ orderId: fx.orderId, comment: 'Lovely' }),
    fields: { orderId: 'orderId', comment: 'comment' },
    required: ['orderId', 'comment'],
  },
  {
    url: '/v1/order/setFavorite',
    schema: ZSetFavoriteRequestSchema,
    caller: 'customer',
    body: () => ({ orderId: fx.orderId, noList: [1, 2] }),
    fields: { orderId: 'orderId', noList: 'numbers' },
    required: ['orderId', 'noList'],
  },
  {
    url: '/v1/order/replacePortrait',
    schema: ZReplacePortraitRequestSchema,
    caller: 'customer',
    body: () => ({ orderId: fx.orderId, no: 1 }),
    fields: { orderId: 'orderId', no: 'number' },
    required: ['orderId', 'no'],
  },
  {
    url: '/v1/order/addDownloaded',
    schema: ZAddDownloadedRequestSchema,
    caller: 'customer',
    body: () => ({ orderId: fx.orderId, no: 1 }),
    fields: { orderId: 'orderId', no: 'number' },
    required: ['orderId', 'no'],
  },
  {
    url: '/v1/order/info',
    schema: ZOrderInfoRequestSchema,
    caller: 'customer',
    body: () => ({ orderId: fx.orderId }),
    fields: { orderId: 'orderId' },
    required: ['orderId'],
  },
  // The operator console. Signed out (or as a customer) each answers as an unknown route.
  { url: '/v1/operator/overview', schema: ZEmptyRequestSchema, caller: 'operator', body: () => ({}), fields: {}, required: [] },
  {
    url: '/v1/operator/orders/search',
    schema: ZSearchOrdersRequestSchema,
    caller: 'operator',
    body: () => ({ query: 'hostile', status: 'completed', limit: 5 }),
    fields: { query: 'search', cursor: 'cursor', limit: 'number' },
    required: [],
  },
  {
    url: '/v1/operator/orders/get',
    schema: ZOperatorOrderRequestSchema,
    caller: 'operator',
    body: () => ({ orderId: fx.orderId }),
    fields: { orderId: 'orderId' },
    required: ['orderId'],
  },
  // The completed order is not failed: no case can retry it.
  {
    url: '/v1/operator/orders/retry',
    schema: ZOrderActionRequestSchema,
    caller: 'operator',
    body: () => ({ orderId: fx.orderId, requestId: crypto.randomUUID() }),
    fields: { orderId: 'orderId', requestId: 'requestId' },
    required: ['orderId', 'requestId'],
  },
  // More than was paid: no case can refund the order.
  {
    url: '/v1/operator/orders/refund',
    schema: ZOperatorRefundRequestSchema,
    caller: 'operator',
    body: () => ({ orderId: fx.orderId, requestId: crypto.randomUUID(), amountCents: 999_999, revokePortraits: false, mailCustomer: true, note: 'Sorry' }),
    fields: { orderId: 'orderId', requestId: 'requestId', amountCents: 'number', revokePortraits: 'boolean', mailCustomer: 'boolean', note: 'note' },
    required: ['orderId', 'requestId', 'amountCents'],
  },
  // The pending order has no portraits to mail about.
  {
    url: '/v1/operator/orders/resendReady',
    schema: ZOrderActionRequestSchema,
    caller: 'operator',
    body: () => ({ orderId: fx.pendingOrderId, requestId: crypto.randomUUID() }),
    fields: { orderId: 'orderId', requestId: 'requestId' },
    required: ['orderId', 'requestId'],
  },
  // The pending order is not delivered: it cannot be kept longer.
  {
    url: '/v1/operator/orders/extendRetention',
    schema: ZOrderActionRequestSchema,
    caller: 'operator',
    body: () => ({ orderId: fx.pendingOrderId, requestId: crypto.randomUUID() }),
    fields: { orderId: 'orderId', requestId: 'requestId' },
    required: ['orderId', 'requestId'],
  },
  {
    url: '/v1/operator/customers/get',
    schema: ZOperatorCustomerRequestSchema,
    caller: 'operator',
    body: () => ({ email: 'hostile-customer@example.com' }),
    fields: { email: 'email' },
    required: ['email'],
  },
  // Nobody has this address: no case can delete an account.
  {
    url: '/v1/operator/customers/delete',
    schema: ZDeleteCustomerRequestSchema,
    caller: 'operator',
    body: () => ({ email: 'nobody-at-all@example.com', requestId: crypto.randomUUID() }),
    fields: { email: 'email', requestId: 'requestId' },
    required: ['email', 'requestId'],
  },
  {
    url: '/v1/operator/betaSeats',
    schema: ZSetBetaSeatsRequestSchema,
    caller: 'operator',
    body: () => ({ seats: 30, requestId: crypto.randomUUID() }),
    fields: { seats: 'number', requestId: 'requestId' },
    required: ['seats', 'requestId'],
  },
  // Nobody has this address: no case frees a seat.
  {
    url: '/v1/operator/betaSeats/free',
    schema: ZFreeBetaSeatRequestSchema,
    caller: 'operator',
    body: () => ({ email: 'nobody-at-all@example.com', requestId: crypto.randomUUID() }),
    fields: { email: 'email', requestId: 'requestId' },
    required: ['email', 'requestId'],
  },
  {
    url: '/v1/operator/audit',
    schema: ZAuditRequestSchema,
    caller: 'operator',
    body: () => ({ limit: 10 }),
    fields: { cursor: 'cursor', limit: 'number' },
    required: [],
  },
  // Teams, called by the owner of a team. No case spends or refunds a seat: the refund's purchase is not
  // the team's, and the admin calls name a member or link that changes nothing the other cases read.
  { url: '/v1/team/mine', schema: ZEmptyRequestSchema, caller: 'teamOwner', body: () => ({}), fields: {}, required: [] },
  // The owner runs a team already: any name is answered the same.
  {
    url: '/v1/team/create',
    schema: ZCreateTeamRequestSchema,
    caller: 'teamOwner',
    body: () => ({ name: 'Acme' }),
    fields: { name: 'teamName' },
    required: ['name'],
  },
  {
    url: '/v1/team/brand',
    schema: ZSetTeamBrandRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, brand: null }),
    fields: { teamId: 'teamId' },
    required: ['teamId', 'brand'],
  },
  {
    url: '/v1/team/seats/buy',
    schema: ZBuySeatsRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, packageId: 'basic', quantity: 2 }),
    fields: { teamId: 'teamId', quantity: 'number' },
    required: ['teamId', 'packageId', 'quantity'],
  },
  {
    url: '/v1/team/seats/confirm',
    schema: ZConfirmSeatsRequestSchema,
    caller: 'teamOwner',
    body: () => ({ sessionId: fx.seatSessionId }),
    fields: { sessionId: 'seatSession' },
    required: ['sessionId'],
  },
  // Not a purchase of the team: no case can refund a seat (the replay cases below do, on purpose).
  {
    url: '/v1/team/seats/refund',
    schema: ZRefundSeatsRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, purchaseId: MISSING_ORDER, requestId: crypto.randomUUID() }),
    fields: { teamId: 'teamId', purchaseId: 'teamItem', requestId: 'requestId' },
    required: ['teamId', 'purchaseId', 'requestId'],
  },
  {
    url: '/v1/team/invite',
    schema: ZInviteRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, emails: ['hostile-invitee@example.com'], language: 'fr' }),
    fields: { teamId: 'teamId', language: 'language' },
    required: ['teamId', 'emails', 'language'],
  },
  {
    url: '/v1/team/link/create',
    schema: ZCreateLinkRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, domain: 'example.com', cap: 3, expiresInDays: 7 }),
    fields: { teamId: 'teamId', domain: 'domain', cap: 'number', expiresInDays: 'number' },
    required: ['teamId', 'domain', 'cap', 'expiresInDays'],
  },
  {
    url: '/v1/team/link/revoke',
    schema: ZRevokeLinkRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, linkId: fx.linkId }),
    fields: { teamId: 'teamId', linkId: 'teamItem' },
    required: ['teamId', 'linkId'],
  },
  // The member has ordered nothing: every case is refused or changes nothing another reads.
  {
    url: '/v1/team/member/revoke',
    schema: ZMemberActionRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, memberId: fx.inviteeId }),
    fields: { teamId: 'teamId', memberId: 'teamItem' },
    required: ['teamId', 'memberId'],
  },
  {
    url: '/v1/team/member/remind',
    schema: ZMemberActionRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, memberId: fx.memberId }),
    fields: { teamId: 'teamId', memberId: 'teamItem' },
    required: ['teamId', 'memberId'],
  },
  {
    url: '/v1/team/member/retry',
    schema: ZMemberActionRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, memberId: fx.memberId }),
    fields: { teamId: 'teamId', memberId: 'teamItem' },
    required: ['teamId', 'memberId'],
  },
  {
    url: '/v1/team/admin/add',
    schema: ZTeamAdminRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, email: 'nobody-at-all@example.com' }),
    fields: { teamId: 'teamId', email: 'email' },
    required: ['teamId', 'email'],
  },
  {
    url: '/v1/team/admin/remove',
    schema: ZTeamAdminRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId, email: 'nobody-at-all@example.com' }),
    fields: { teamId: 'teamId', email: 'email' },
    required: ['teamId', 'email'],
  },
  {
    url: '/v1/team/admin/invitation',
    schema: ZAdminInvitationRequestSchema,
    caller: 'customer',
    body: () => ({ token: 'no-such-invitation' }),
    fields: { token: 'adminToken' },
    required: ['token'],
  },
  {
    url: '/v1/team/admin/answer',
    schema: ZAnswerAdminInvitationRequestSchema,
    caller: 'customer',
    body: () => ({ token: 'no-such-invitation', answer: 'decline' }),
    fields: { token: 'adminToken' },
    required: ['token', 'answer'],
  },
  {
    url: '/v1/team/leave',
    schema: ZLeaveTeamRequestSchema,
    caller: 'teamOwner',
    body: () => ({ teamId: fx.teamId }),
    fields: { teamId: 'teamId' },
    required: ['teamId'],
  },
  {
    url: '/v1/team/join',
    schema: ZJoinTeamRequestSchema,
    caller: 'customer',
    body: () => ({ invitation: 'no-such-invitation' }),
    fields: { invitation: 'joinToken' },
    required: [],
  },
  {
    url: '/v1/operator/teams/search',
    schema: ZOperatorTeamsRequestSchema,
    caller: 'operator',
    body: () => ({ query: 'hostile' }),
    fields: { query: 'teamSearch' },
    required: [],
  },
  {
    url: '/v1/operator/teams/setOwner',
    schema: ZSetTeamOwnerRequestSchema,
    caller: 'operator',
    body: () => ({ teamId: fx.teamId, email: 'nobody-at-all@example.com', requestId: crypto.randomUUID() }),
    fields: { teamId: 'teamId', email: 'email', requestId: 'requestId' },
    required: ['teamId', 'email', 'requestId'],
  },
  {
    url: '/v1/operator/teams/grantRetry',
    schema: ZGrantTeamRetryRequestSchema,
    caller: 'operator',
    body: () => ({ teamId: fx.teamId, memberId: fx.memberId, requestId: crypto.randomUUID() }),
    fields: { teamId: 'teamId', memberId: 'teamItem', requestId: 'requestId' },
    required: ['teamId', 'memberId', 'requestId'],
  },
  {
    url: '/v1/operator/teams/get',
    schema: ZOperatorTeamRequestSchema,
    caller: 'operator',
    body: () => ({ teamId: fx.teamId }),
    fields: { teamId: 'teamId' },
    required: ['teamId'],
  },
  // Referrals: the customer's page, and the console's lookup and void (no credit has this id: nothing is voided).
  { url: '/v1/referrals/mine', schema: ZEmptyRequestSchema, caller: 'customer', body: () => ({}), fields: {}, required: [] },
  {
    url: '/v1/operator/referrals/get',
    schema: ZOperatorReferralsRequestSchema,
    caller: 'operator',
    body: () => ({ email: 'hostile-customer@example.com' }),
    fields: { email: 'email' },
    required: ['email'],
  },
  {
    url: '/v1/operator/referrals/voidCredit',
    schema: ZVoidCreditRequestSchema,
    caller: 'operator',
    body: () => ({ creditId: '00000000-0000-4000-8000-000000000000', requestId: crypto.randomUUID() }),
    fields: { creditId: 'creditId', requestId: 'requestId' },
    required: ['creditId', 'requestId'],
  },
  // Gift cards
  {
    url: '/v1/giftcards',
    schema: ZBuyGiftCardRequestSchema,
    caller: 'customer',
    body: () => ({ packageId: 'basic', delivery: 'mail', recipientEmail: 'friend@example.com', recipientName: 'Sam', message: 'Hi', language: 'fr' }),
    fields: { recipientEmail: 'giftRecipient', recipientName: 'giftText', message: 'giftText', language: 'language' },
    required: ['packageId', 'delivery', 'language'],
  },
  {
    url: '/v1/giftcards/confirm',
    schema: ZConfirmGiftCardRequestSchema,
    caller: 'customer',
    body: () => ({ sessionId: fx.giftSessionId }),
    fields: { sessionId: 'giftCard' },
    required: ['sessionId'],
  },
  { url: '/v1/giftcards/mine', schema: ZEmptyRequestSchema, caller: 'customer', body: () => ({}), fields: {}, required: [] },
  // A print card: a valid call is refused (nothing to mail), so no case mails.
  {
    url: '/v1/giftcards/resend',
    schema: ZGiftCardActionRequestSchema,
    caller: 'customer',
    body: () => ({ giftCardId: fx.giftCardId }),
    fields: { giftCardId: 'giftCard' },
    required: ['giftCardId'],
  },
  // No card of the customer's: no case can refund one.
  {
    url: '/v1/giftcards/refund',
    schema: ZRefundGiftCardRequestSchema,
    caller: 'customer',
    body: () => ({ giftCardId: MISSING_ORDER, requestId: crypto.randomUUID() }),
    fields: { giftCardId: 'giftCard', requestId: 'requestId' },
    required: ['giftCardId', 'requestId'],
  },
  {
    url: '/v1/giftcards/check',
    schema: ZGiftCodeRequestSchema,
    caller: 'customer',
    body: () => ({ code: 'GIFT-2345-6789-ABCD-EFGH-JKMN' }),
    fields: { code: 'giftCode' },
    required: ['code'],
  },
  {
    url: '/v1/giftcards/redeem',
    schema: ZGiftCodeRequestSchema,
    caller: 'customer',
    body: () => ({ code: 'GIFT-2345-6789-ABCD-EFGH-JKMN' }),
    fields: { code: 'giftCode' },
    required: ['code'],
  },
  {
    url: '/v1/operator/giftcards/search',
    schema: ZOperatorGiftCardsRequestSchema,
    caller: 'operator',
    body: () => ({ query: 'hostile' }),
    fields: { query: 'giftSearch' },
    required: ['query'],
  },
  {
    url: '/v1/operator/giftcards/void',
    schema: ZOperatorGiftCardActionRequestSchema,
    caller: 'operator',
    body: () => ({ giftCardId: MISSING_ORDER, requestId: crypto.randomUUID() }),
    fields: { giftCardId: 'giftCard', requestId: 'requestId' },
    required: ['giftCardId', 'requestId'],
  },
  {
    url: '/v1/operator/giftcards/resend',
    schema: ZOperatorGiftCardActionRequestSchema,
    caller: 'operator',
    body: () => ({ giftCardId: MISSING_ORDER, requestId: crypto.randomUUID() }),
    fields: { giftCardId: 'giftCard', requestId: 'requestId' },
    required: ['giftCardId', 'requestId'],
  },
];

/** POST routes whose body is not a JSON contract, and the suite that throws hostile input at each. */
const OTHER_POST_ROUTES = {
  '/v1/stripe/checkout/create': 'hostile-uploads.test.ts (multipart form; its `options` JSON is fuzzed there)',
  '/v1/photos/check': 'photo-check.test.ts (multipart form with one photo; its hostile forms are tried there)',
  '/v1/stripe/webhook': 'hostile-callbacks.test.ts (raw body authenticated by signature)',
  '/v1/providers/astria/callback': 'hostile-callbacks.test.ts (query authenticated by an order-bound secret)',
  '/v1/team/order': 'this suite, "the team order form" (multipart form as the checkout; its `options` JSON is fuzzed in hostile-uploads.test.ts)',
  '/v1/giftcards/order':
    "authorization.test.ts and giftcards.test.ts (the checkout's multipart form with `giftCardId` in `options`, read by the same code as the team order form)",
};

const TEXT_FIELDS: FieldKind[] = [
  'email',
  'redirect',
  'language',
  'token',
  'secret',
  'coupon',
  'orderId',
  'comment',
  'search',
  'cursor',
  'requestId',
  'note',
  'teamId',
  'teamItem',
  'seatSession',
  'teamName',
  'domain',
  'joinToken',
  'adminToken',
  'teamSearch',
  'creditId',
  'giftCard',
  'giftCode',
  'giftText',
  'giftRecipient',
  'giftSearch',
];

const OPERATOR = 'hostile-operator@example.com';
const MISSING_ORDER = '00000000-0000-4000-8000-000000000000';

describe('[hostile] JSON bodies on every /v1 POST route', () => {
  let t: TestApp;
  let photos: Buffer[];

  beforeAll(async () => {
    // Rate limits are raised so that hundreds of hostile calls from one address reach the handlers.
    t = await buildTestApp({
      ROLE: 'web',
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_LINKS_PER_IP_PER_HOUR: '1000000',
      LOGIN_VERIFY_FAILURES_PER_IP_PER_HOUR: '1000000',
      GIFT_CARD_ATTEMPTS_PER_HOUR: '1000000',
      OPERATOR_EMAILS: OPERATOR,
    });
    fx.operatorCookie = (await signInAs(t, OPERATOR)).cookie;
    const customer = await signInAs(t, 'hostile-customer@example.com');
    fx.cookie = customer.cookie;
    fx.userId = customer.user.id;
    fx.throwawayCookie = (await signInAs(t, 'throwaway@example.com')).cookie;
    fx.orderId = (await seedCompletedOrder(t, customer.user.id, { portraitsCount: 3 })).id;
    photos = await makePhotos(6);
    await newPendingOrder();
    const { people, team } = await seedTeam(t, 'hostile');
    fx.teamOwnerCookie = people.owner.cookie;
    fx.otherTeamCookie = people.otherAdmin.cookie;
    Object.assign(fx, { teamId: team.teamId, purchaseId: team.purchaseId, seatSessionId: team.sessionId, memberId: team.memberId });
    Object.assign(fx, { inviteeId: team.inviteeId, linkId: team.linkId });
    // Gift cards: a paid print card of the customer's.
    const card = await t.app.inject({
      method: 'POST',
      url: '/v1/giftcards',
      headers: { cookie: fx.cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: { packageId: 'basic', delivery: 'print', language: 'us' },
    });
    Object.assign(fx, { giftCardId: card.json().data.giftCardId, giftSessionId: card.json().data.sessionId });
    await t.app.inject({
      method: 'POST',
      url: '/v1/checkout/offline/pay',
      headers: { cookie: fx.cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: { clientSecret: card.json().data.clientSecret },
    });
    fx.otherTeamId = (
      await t.app.inject({ method: 'POST', url: '/v1/team/mine', headers: { cookie: fx.otherTeamCookie, 'sec-fetch-site': 'same-origin' } })
    ).json().data.admin.id;
  });

  /** An unpaid order of the customer's, with its open offline checkout, for the routes that work on one. */
  async function newPendingOrder() {
    const form = checkoutForm(
      photos.map((bytes) => ({ bytes })),
      { portraitInfo: validAnswers() },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/stripe/checkout/create',
      headers: { cookie: fx.cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(200);
    fx.pendingOrderId = created.json().data.orderId;
    fx.clientSecret = created.json().data.clientSecret;
    fx.sessionId = created.json().data.sessionId;
  }
  afterAll(() => t.close());

  const cookieOf = (route: JsonRoute) =>
    ({ customer: fx.cookie, throwaway: fx.throwawayCookie, operator: fx.operatorCookie, teamOwner: fx.teamOwnerCookie, visitor: undefined })[route.caller];
  const send = (route: JsonRoute, payload: string, { signedIn = true } = {}) => {
    const cookie = signedIn ? cookieOf(route) : undefined;
    return t.app.inject({
      method: 'POST',
      url: route.url,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
      payload,
    });
  };

  /**
   * Sends a request that must be refused; checks the status, the message, the envelope, and that nothing
   * was stored: at once, or at the `ledger`'s next checkpoint when one is given.
   */
  async function expectRefused(route: JsonRoute, payload: string, status: number, message: RegExp | string, ledger?: StoredNothingLedger) {
    const before = ledger ? undefined : await storedState(t);
    const res = await send(route, payload);
    const body = expectEnvelope(res, payload);
    expect(res.statusCode).toBe(status);
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    if (ledger) ledger.refused(`${route.url} ${payload.slice(0, 120)}`, () => send(route, payload));
    else expect(await storedState(t)).toEqual(before);
    return res;
  }

  it('covers every POST route the server has', () => {
    const covered = [...JSON_ROUTES.map((r) => r.url), ...Object.keys(OTHER_POST_ROUTES)].sort();
    expect(postRoutesOf(t.app)).toEqual(covered);
  });

  describe.each(JSON_ROUTES.map((route) => [route.url, route] as const))('%s', (_url, route) => {
    const firstField = Object.keys(route.fields)[0] ?? 'x';
    const valid = () => route.body();
    // Every case here is refused: what is stored is compared once for the route, not around each case.
    const ledger = new StoredNothingLedger(() => t);
    beforeAll(() => ledger.checkpoint());
    afterAll(() => ledger.checkpoint());

    const generic: [string, () => string, RegExp][] = [
      ['malformed JSON', () => `{"${firstField}": `, /^Malformed JSON body/],
      ['an empty body', () => '', /^Empty JSON body/],
      ['a JSON array', () => '[]', /^Invalid request: .*expected object, received array/],
      ['a bare string', () => '"hello"', /^Invalid request: .*expected object, received string/],
      ['a bare number', () => '42', /^Invalid request: .*expected object, received number/],
      ['arrays nested 10,000 deep', () => `${'['.repeat(10_000)}${']'.repeat(10_000)}`, /^Invalid request: .*expected object, received array/],
      ['an unknown field', () => JSON.stringify({ ...valid(), isAdmin: true }), /^Invalid request: Unrecognized key: "isAdmin"/],
      ['a smuggled userId', () => JSON.stringify({ ...valid(), userId: MISSING_ORDER }), /^Invalid request: Unrecognized key: "userId"/],
      [
        'a __proto__ key',
        () => JSON.stringify(valid()).replace(/^\{/, '{"__proto__": {"isAdmin": true}, ').replace(', }', '}'),
        /^Malformed JSON body.*__proto__/,
      ],
      [
        'a constructor.prototype key',
        () => JSON.stringify({ ...valid(), constructor: { prototype: { isAdmin: true } } }),
        /^Malformed JSON body.*constructor\.prototype/,
      ],
      ['a constructor key', () => JSON.stringify({ ...valid(), constructor: 'Object' }), /^Invalid request: Unrecognized key: "constructor"/],
      ['a toString key', () => JSON.stringify({ ...valid(), toString: 'x' }), /^Invalid request: Unrecognized key: "toString"/],
    ];
    it.each(generic)('refuses %s with 400 and stores nothing', async (_name, payload, message) => {
      await expectRefused(route, payload(), 400, message, ledger);
    });

    it('refuses a body over 1 MiB with 413 and stores nothing', async () => {
      const payload = JSON.stringify({ ...valid(), [firstField]: 'x'.repeat(1024 * 1024 + 1) });
      await expectRefused(route, payload, 413, 'Request body is too large', ledger);
    });

    const fields = Object.entries(route.fields);
    if (fields.length === 0) return;

    it.each(route.required)('refuses a body without %s, naming it', async (field) => {
      const body = valid();
      delete body[field];
      await expectRefused(route, JSON.stringify(body), 400, new RegExp(`^Invalid ${field}: `), ledger);
    });

    const wrongTypes = (kind: FieldKind): [string, unknown][] => [
      TEXT_FIELDS.includes(kind) ? ['a number', 12345] : ['a string', '1'],
      ['an object', { $ne: null }],
      kind === 'numbers' ? ['a list of strings', ['1']] : ['a list', ['x']],
      kind === 'boolean' ? ['a number', 1] : ['a boolean', true],
      // A link's domain may be null (any address joins).
      ...(kind === 'domain' ? [] : ([['null', null]] as [string, unknown][])),
      ...(kind === 'number' || kind === 'numbers'
        ? ([
            ['a fraction', kind === 'numbers' ? [1.5] : 1.5],
            ['a huge number', kind === 'numbers' ? [1e308] : 1e308],
          ] as [string, unknown][])
        : []),
    ];
    const typeCases = fields.flatMap(([field, kind]) => wrongTypes(kind).map(([what, value]) => [field, what, value] as const));
    it.each(typeCases)('refuses %s as %s, naming the field', async (field, _what, value) => {
      await expectRefused(route, JSON.stringify({ ...valid(), [field]: value }), 400, new RegExp(`^Invalid ${field}(\\.0)?: `), ledger);
    });

    const textFields = fields.filter(([, kind]) => TEXT_FIELDS.includes(kind)).map(([field]) => field);
    if (textFields.length === 0) return;

    it.each(textFields)('refuses a 100,000-character %s as too long', async (field) => {
      await expectRefused(
        route,
        JSON.stringify({ ...valid(), [field]: 'x'.repeat(100_000) }),
        400,
        new RegExp(`^Invalid ${field}: .*(too long|too big|at most)`, 'i'),
        ledger,
      );
    });

    const unstorable = textFields.flatMap((field) => Object.entries(UNSTORABLE_TEXT).map(([what, value]) => [field, what, value] as const));
    it.each(unstorable)('refuses %s with %s, naming the field', async (field, _what, value) => {
      await expectRefused(route, JSON.stringify({ ...valid(), [field]: value }), 400, new RegExp(`^Invalid ${field}: `), ledger);
    });
  });

  describe('hostile text in each field gets the answer any other text would', () => {
    const hostile = Object.entries(HOSTILE_TEXT);
    const cases = JSON_ROUTES.flatMap((route) =>
      Object.entries(route.fields)
        .filter(([, kind]) => TEXT_FIELDS.includes(kind))
        .flatMap(([field, kind]) => hostile.map(([what, value]) => [route.url, field, what, route, kind, value] as const)),
    );

    // What is stored is compared at checkpoints: around each case that stores on purpose, and at the end.
    const ledger = new StoredNothingLedger(() => t);
    const STORING: FieldKind[] = ['giftText', 'redirect', 'comment'];
    beforeAll(() => ledger.checkpoint());
    afterAll(() => ledger.checkpoint());

    it.each(cases)('%s: %s holding %s', async (url, field, what, route, kind, value) => {
      const payload = JSON.stringify({
        ...route.body(),
        [field]: value,
        ...(route.url === '/v1/loginLink/send' && field !== 'email' ? { email: `text-${Math.random().toString(36).slice(2)}@example.com` } : {}),
      });
      const before = STORING.includes(kind) ? await ledger.checkpoint() : undefined;
      const res = await send(route, payload);
      const body = expectEnvelope(res, payload);
      switch (kind) {
        case 'orderId':
        case 'teamId':
        case 'teamItem':
        case 'seatSession':
        case 'creditId':
        case 'giftCard': {
          // A hostile id is answered exactly like a well-formed id that does not exist.
          const missing = await send(route, JSON.stringify({ ...route.body(), [field]: MISSING_ORDER }));
          expect(res.statusCode).toBe(404);
          expect(res.body).toBe(missing.body);
          if (kind === 'teamId' || kind === 'seatSession') expect(body.message).toBe('Team not found');
          if (kind === 'giftCard') expect(body.message).toBe('Gift card not found');
          break;
        }
        // Gift cards
        case 'giftCode':
          expect(res.statusCode).toBe(404);
          expect(body.message).toBe('Gift card not found');
          break;
        case 'giftRecipient':
          expect(res.statusCode).toBe(400);
          expect(body.message).toBe('Invalid recipientEmail: Please enter a valid email address');
          break;
        case 'giftSearch':
          expect(res.statusCode).toBe(200);
          expect(body.data).toEqual({ cards: [] });
          break;
        case 'giftText': {
          // Any text is a fine name or message: the card is kept with it as typed (trimmed), unpaid.
          expect(res.statusCode).toBe(200);
          const [card] = await t.app.ctx.database.db
            .select()
            .from(giftCards)
            .where(eq(giftCards.id, (body.data as { giftCardId: string }).giftCardId));
          expect(card![field as 'message' | 'recipientName']).toBe(value.trim() || null);
          await ledger.rebase();
          return;
        }
        case 'teamName':
          // A name that holds a web address (or a domain: `win.ini` reads as one) is refused before the rest.
          if (looksLikeLink(String(value).trim())) {
            expect(res.statusCode).toBe(400);
            expect(body.message).toBe('Invalid name: must not contain a web address');
          } else {
            expect(res.statusCode).toBe(409);
            expect(body.message).toBe('You already run a team');
          }
          break;
        case 'domain':
          expect(res.statusCode).toBe(400);
          expect(body.message).toBe('Invalid domain: must be a domain such as example.com');
          break;
        case 'joinToken':
          expect(res.statusCode).toBe(404);
          expect(body.message).toBe('This invitation is no longer valid; ask your team’s admin for a new one');
          break;
        case 'adminToken':
          expect(res.statusCode).toBe(404);
          expect(body.message).toBe('This invitation is no longer valid; ask the team’s owner for a new one');
          break;
        case 'teamSearch':
          // Any text is a fine search: it finds no team here, and changes nothing.
          expect(res.statusCode).toBe(200);
          expect(body.data).toEqual({ teams: [], total: 0 });
          break;
        case 'email':
          expect(res.statusCode).toBe(400);
          expect(body.message).toBe('Invalid email: Please enter a valid email address');
          break;
        case 'language':
          expect(res.statusCode).toBe(400);
          expect(body.message).toMatch(/^Invalid language: /);
          break;
        case 'redirect': {
          // The link is sent; the hostile path is only kept if it is a path on this site.
          expect(res.statusCode).toBe(200);
          const [token] = await t.app.ctx.database.db.select().from(loginTokens).orderBy(desc(loginTokens.createdAt)).limit(1);
          // Kept only as a same-site path (and then exactly as normalised), or dropped; never anything else.
          expect(token!.redirectUrl).toBe(safeRedirectPath(value));
          if (token!.redirectUrl !== null) expect(token!.redirectUrl).toMatch(/^\/(?![/\\])/);
          await ledger.rebase();
          return;
        }
        case 'token':
          expect(res.statusCode).toBe(400);
          expect(body.message).toBe('This sign-in link is not valid. Please request a new one.');
          break;
        case 'secret':
          expect(res.statusCode).toBe(404);
          expect(body.message).toBe('Checkout session not found');
          break;
        case 'coupon':
          expect(res.statusCode).toBe(400);
          expect(body.message).toBe(`Coupon code "${value.trim().toUpperCase()}" is not valid`);
          break;
        case 'search':
          // Any text is a fine search: it finds nothing here, and changes nothing.
          expect(res.statusCode).toBe(200);
          expect(body.data).toEqual({ orders: [], nextCursor: null });
          break;
        case 'cursor':
          expect(res.statusCode).toBe(400);
          expect(body.message).toMatch(/^Invalid cursor: /);
          break;
        case 'requestId':
          expect(res.statusCode).toBe(400);
          expect(body.message).toBe('Invalid requestId: must be a UUID');
          break;
        case 'note':
          // Any text is a fine note: the refund is refused for its amount, as with any other note.
          expect(res.statusCode).toBe(400);
          expect(body.message).toBe(`The refund cannot be more than the ${usd(priceOf('basic'))} paid`);
          break;
        case 'comment': {
          // Any text is a fine comment: it is stored and listed exactly as typed, and nothing else changes.
          expect(res.statusCode).toBe(200);
          expect(body.data).toEqual({ comment: value });
          const [order] = await t.app.ctx.database.db.select({ comment: orders.comment }).from(orders).where(eq(orders.id, fx.orderId));
          expect(order!.comment).toBe(value);
          const list = await send(JSON_ROUTES.find((r) => r.url === '/v1/order/list')!, '{}');
          expect(list.json().data.find((o: { id: string }) => o.id === fx.orderId).comment).toBe(value);
          expect((await storedState(t)).rows).toEqual(before!.rows);
          await ledger.rebase();
          return;
        }
        default:
          throw new Error(`no expectation for ${kind}`);
      }
      ledger.refused(`${url}: ${field} holding ${what}`, () => send(route, payload));
    });
  });

  describe('email addresses at the edge of the login form rule', () => {
    const route = JSON_ROUTES.find((r) => r.url === '/v1/loginLink/send')!;

    it.each([
      ['a NUL inside an otherwise valid address', 'ada\u0000@example.com', /^Invalid email: must not contain NUL characters/],
      ['a lone surrogate inside an otherwise valid address', 'ada\uD83D@example.com', /^Invalid email: is not valid Unicode text/],
      ['an address over 254 characters', `${'a'.repeat(250)}@example.com`, /^Invalid email: is too long/],
      ['a header injection', 'ada@example.com\r\nBcc: eve@example.com', /^Invalid email: Please enter a valid email address/],
      ['an SQL tautology', "' or 1=1 --", /^Invalid email: Please enter a valid email address/],
    ])('refuses %s', async (_name, email, message) => {
      await expectRefused(route, JSON.stringify({ email }), 400, message);
    });

    it.each([
      ['SQL quotes', "o'brien'--@example.com"],
      ['an emoji', '😀@example.com'],
      ['a right-to-left override', 'ada\u202E@example.com'],
      ['combining marks', 'a\u0301d\u0302a@example.com'],
      ['the longest allowed address (254 characters)', `${'b'.repeat(242)}@example.com`],
    ])('sends the link to an address with %s, stored as given', async (_name, email) => {
      const res = await send(route, JSON.stringify({ email }));
      expectEnvelope(res);
      expect(res.statusCode).toBe(200);
      const [token] = await t.app.ctx.database.db.select().from(loginTokens).orderBy(desc(loginTokens.createdAt)).limit(1);
      expect(token!.email).toBe(email.toLowerCase());
    });
  });

  describe('ids in URLs', () => {
    const urlCases: [string, number, () => string, string | RegExp][] = [
      ['an encoded-slash traversal as the order id', 404, () => '/v1/image/get/..%2F..%2Fx/1', 'Order not found'],
      ['an encoded dot-dot-slash traversal', 404, () => '/v1/image/get/%2e%2e%2f%2e%2e%2fetc%2fpasswd/1', 'Order not found'],
      ['a double-encoded traversal', 404, () => '/v1/image/get/..%252F..%252Fetc%252Fpasswd/1', 'Order not found'],
      ['an SQL tautology as the order id', 404, () => `/v1/image/get/${encodeURIComponent("' or 1=1 --")}/1`, 'Order not found'],
      ['a NUL as the order id', 404, () => '/v1/image/get/%00/1', 'Order not found'],
      ['a traversal as the portrait number', 404, () => `/v1/image/get/${fx.orderId}/..%2F1`, 'Photo not found'],
      ['a portrait number past the last', 404, () => `/v1/image/get/${fx.orderId}/9999`, 'Photo not found'],
      ['a traversal as the size', 400, () => `/v1/image/get/${fx.orderId}/1?size=..%2F..%2Fthumb`, /^Invalid size: /],
      ['a size that does not exist', 400, () => `/v1/image/get/${fx.orderId}/1?size=original`, /^Invalid size: /],
      ['a preview past the last portrait', 404, () => `/v1/image/get/${fx.orderId}/9999?size=preview`, 'Photo not found'],
      ['a preview of a traversal as the order id', 404, () => '/v1/image/get/..%2F..%2Fx/1?size=preview', 'Order not found'],
      ['a malformed percent escape', 400, () => '/v1/image/get/%E0%A4%A/1', 'Malformed URL'],
      ['a traversal as the zip order id', 404, () => '/v1/order/groupDownload/..%2F..%2Fetc%2Fpasswd', 'Order not found'],
      ['a prototype key as the zip order id', 404, () => '/v1/order/groupDownload/__proto__', 'Order not found'],
      ['a traversal as the favorites flag', 400, () => `/v1/order/groupDownload/${fx.orderId}?favorites=..%2F..%2Fx`, /^Invalid favorites: /],
      ['a traversal as the receipt id', 404, () => '/v1/receipts/..%2F..%2Fetc%2Fpasswd', 'Receipt not found'],
      ['an SQL statement as the receipt id', 404, () => `/v1/receipts/${encodeURIComponent('1; drop table payments')}`, 'Receipt not found'],
      ['an encoded traversal out of /v1', 404, () => '/v1/..%2F..%2Fetc%2Fpasswd', /^No such call: /],
    ];
    it.each(urlCases)('answers %s with a JSON %i', async (_name, status, url, message) => {
      const before = await storedState(t);
      const res = await t.app.inject({ method: 'GET', url: url(), headers: { cookie: fx.cookie } });
      const body = expectEnvelope(res, url());
      expect(res.statusCode).toBe(status);
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
      expect(await storedState(t)).toEqual(before);
    });

    // A download ends the money-back guarantee: another site's link or image tag must not make one.
    it.each([
      ['a full portrait', () => `/v1/image/get/${fx.orderId}/1`],
      ['a full portrait with size=full', () => `/v1/image/get/${fx.orderId}/2?size=full`],
      ['the zip', () => `/v1/order/groupDownload/${fx.orderId}`],
      ['the zip of favorites', () => `/v1/order/groupDownload/${fx.orderId}?favorites=true`],
    ])('refuses %s asked for by another site with a JSON 403, recording nothing', async (_name, url) => {
      const before = await storedState(t);
      const res = await t.app.inject({ method: 'GET', url: url(), headers: { cookie: fx.cookie, 'sec-fetch-site': 'cross-site' } });
      const body = expectEnvelope(res, url());
      expect(res.statusCode).toBe(403);
      expect(body.message).toBe('Cross-site download refused: download your portraits from the site itself');
      expect(await storedState(t)).toEqual(before);
    });

    it.each(['/v1/../../etc/passwd', '/..%2F..%2Fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/..%5C..%5Cpackage.json', '/_astro/..%2F..%2F..%2Fpackage.json'])(
      'never serves a file outside the site for %s',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).not.toMatch(/root:|"portrait-studio"|"dependencies"/);
      },
    );
  });

  describe('team calls reach only the caller’s own team', () => {
    const teamRoutes = JSON_ROUTES.filter((r) => r.fields.teamId === 'teamId' && r.caller === 'teamOwner');
    it.each(teamRoutes.map((r) => [r.url, r] as const))('%s answers another owner’s team exactly as a missing one, changing nothing', async (_url, route) => {
      const before = await storedState(t);
      const res = await send(route, JSON.stringify({ ...route.body(), teamId: fx.otherTeamId }));
      const body = expectEnvelope(res);
      expect(res.statusCode).toBe(404);
      expect(body.message).toBe('Team not found');
      expect(res.body).toBe((await send(route, JSON.stringify({ ...route.body(), teamId: MISSING_ORDER }))).body);
      expect(await storedState(t)).toEqual(before);
    });

    it('answers another team’s member, link or purchase, named with the caller’s own team, as a missing one', async () => {
      // The other team's ids are not known here; its member and link are made now.
      const other = await seedTeam(t, 'hostile-other');
      for (const [url, field, id] of [
        ['/v1/team/member/revoke', 'memberId', other.team.memberId],
        ['/v1/team/link/revoke', 'linkId', other.team.linkId],
        ['/v1/team/member/remind', 'memberId', other.team.inviteeId],
        ['/v1/team/seats/refund', 'purchaseId', other.team.purchaseId],
      ] as const) {
        const route = JSON_ROUTES.find((r) => r.url === url)!;
        const before = await storedState(t);
        const res = await send(route, JSON.stringify({ ...route.body(), [field]: id }));
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toBe((await send(route, JSON.stringify({ ...route.body(), [field]: MISSING_ORDER }))).body);
        expect(await storedState(t)).toEqual(before);
      }
    });

    it('refunds a seat once per requestId: a replay answers the same and refunds nothing more, another team’s admin cannot replay it', async () => {
      const route = JSON_ROUTES.find((r) => r.url === '/v1/team/seats/refund')!;
      const requestId = crypto.randomUUID();
      const payload = JSON.stringify({ teamId: fx.teamId, purchaseId: fx.purchaseId, requestId });
      const first = await send(route, payload);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({ refundedSeats: 1, amountCents: priceOf('basic'), currency: 'usd' });
      const before = await storedState(t);
      const replayed = await send(route, payload);
      expect(replayed.statusCode).toBe(200);
      expect(replayed.json().data).toEqual(first.json().data);
      expect(await storedState(t)).toEqual(before);
      // The same requestId sent by another team's admin about this team's purchase: no team of theirs.
      const theirs = await t.app.inject({
        method: 'POST',
        url: route.url,
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie: fx.otherTeamCookie },
        payload,
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe('Team not found');
      // A new requestId finds nothing left to refund: the member's seat is used or held, never refunded.
      const again = await send(route, JSON.stringify({ teamId: fx.teamId, purchaseId: fx.purchaseId, requestId: crypto.randomUUID() }));
      expect(again.statusCode).toBe(409);
      expect(await storedState(t)).toEqual(before);
    });
  });

  describe('the team order form', () => {
    const orderForm = (payload: Buffer | string, contentType: string, cookie = fx.cookie) =>
      t.app.inject({ method: 'POST', url: '/v1/team/order', headers: { cookie, 'content-type': contentType, 'sec-fetch-site': 'same-origin' }, payload });
    it.each([
      ['a JSON body', () => orderForm('{}', 'application/json'), 415, 'Send the photos and options as multipart/form-data'],
      ['options that are not JSON', () => orderForm(...rawOptions('{"portraitInfo": ')), 400, /options|JSON/i],
      ['a smuggled userId in the options', () => orderForm(...formOf(photos, { portraitInfo: validAnswers(), userId: MISSING_ORDER })), 400, /userId/],
      ['a hostile package', () => orderForm(...formOf(photos, { portraitInfo: { ...validAnswers(), package: "' or 1=1 --" } })), 400, /package/],
      [
        'a valid form from someone in no team',
        () => orderForm(...formOf(photos, { portraitInfo: validAnswers({ package: 'basic' }) })),
        404,
        'You are not a member of a team',
      ],
      [
        'a valid form from a team’s owner (not a member)',
        () => orderForm(...formOf(photos, { portraitInfo: validAnswers({ package: 'basic' }) }), fx.teamOwnerCookie),
        404,
        'You are not a member of a team',
      ],
      ['a form signed out', () => orderForm(...formOf(photos, { portraitInfo: validAnswers() }), ''), 401, /log in/],
    ] as const)('refuses %s, storing nothing', async (_name, sendIt, status, message) => {
      const before = await storedState(t);
      const res = await sendIt();
      const body = expectEnvelope(res);
      expect(res.statusCode, res.body).toBe(status);
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
      expect(await storedState(t)).toEqual(before);
    });

    function formOf(files: Buffer[], options: object): [Buffer, string] {
      const form = checkoutForm(
        files.map((bytes) => ({ bytes })),
        options,
      );
      return [form.payload, form.contentType];
    }
    function rawOptions(options: string): [Buffer, string] {
      const boundary = 'hostileboundary42';
      const payload = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="options"\r\n\r\n${options}\r\n--${boundary}--\r\n`);
      return [payload, `multipart/form-data; boundary=${boundary}`];
    }
  });

  describe('team ids in download URLs', () => {
    const downloads = ['favorites.zip', 'members.csv'];
    const cases = downloads.flatMap((file) =>
      (
        [
          ['an encoded-slash traversal', 404, () => `/v1/team/..%2F..%2Fx/${file}`, 'Team not found'],
          ['an SQL tautology', 404, () => `/v1/team/${encodeURIComponent("' or 1=1 --")}/${file}`, 'Team not found'],
          ['a NUL', 400, () => `/v1/team/%00/${file}`, /^Invalid teamId: /],
          ['a prototype key', 404, () => `/v1/team/__proto__/${file}`, 'Team not found'],
          ['another owner’s team', 404, () => `/v1/team/${fx.otherTeamId}/${file}`, 'Team not found'],
          ['a team that does not exist', 404, () => `/v1/team/${MISSING_ORDER}/${file}`, 'Team not found'],
          // Longer than the router takes a path parameter: no route matches.
          ['an id over 100 characters', 404, () => `/v1/team/${'a'.repeat(101)}/${file}`, /^No such call: GET /],
          ['a malformed percent escape', 400, () => `/v1/team/%E0%A4%A/${file}`, 'Malformed URL'],
        ] as const
      ).map(([name, status, url, message]) => [`${file}: ${name}`, status, url, message] as const),
    );
    it.each(cases)('answers %s with a JSON %i', async (_name, status, url, message) => {
      const before = await storedState(t);
      const res = await t.app.inject({ method: 'GET', url: url(), headers: { cookie: fx.teamOwnerCookie, 'sec-fetch-site': 'same-origin' } });
      const body = expectEnvelope(res, url());
      expect(res.statusCode).toBe(status);
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
      expect(await storedState(t)).toEqual(before);
    });

    it.each(downloads)('refuses the team’s %s asked for by another site with a JSON 403', async (file) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/team/${fx.teamId}/${file}`,
        headers: { cookie: fx.teamOwnerCookie, 'sec-fetch-site': 'cross-site' },
      });
      expectEnvelope(res);
      expect(res.statusCode).toBe(403);
    });
  });

  it('is still healthy and serves valid calls after the hostile bodies', async () => {
    await expectHealthy(t, fx.cookie);
    const info = await send(JSON_ROUTES.find((r) => r.url === '/v1/order/info')!, JSON.stringify({ orderId: fx.orderId }));
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ status: 'completed', imageGenerated: 3 });
  });

  describe('fuzzed with arbitrary JSON', () => {
    /** UTF-16 code units, lone surrogates and NUL included: what a hostile client can put in JSON text. */
    const codeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 30 });
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      codeUnits,
      fc.string({ unit: 'grapheme', maxLength: 120 }),
      fc.constantFrom(...Object.values(HOSTILE_TEXT), ...Object.values(UNSTORABLE_TEXT)),
      fc.string({ unit: fc.constantFrom('a', ' ', '@', '.', '/', "'", '\u0000', '\uD800', '\uDC00', '😀', '\u202E', '\u0301'), maxLength: 12 }),
      fc.uuid(),
      fc.emailAddress(),
    );
    /** Placeholders for real records, swapped in when the request is sent, so the fuzzer reaches past the lookups. */
    const REAL: Record<string, () => string> = {
      $order: () => fx.orderId,
      $pending: () => fx.pendingOrderId,
      $secret: () => fx.clientSecret,
      $team: () => fx.teamId,
      $otherTeam: () => fx.otherTeamId,
    };
    const real = fc.constantFrom(...Object.keys(REAL), 'FIRST30', '/dashboard', 'fr');
    const anyValue = fc.oneof(
      { weight: 3, arbitrary: text },
      { weight: 2, arbitrary: real },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
      { weight: 1, arbitrary: fc.integer({ min: -5, max: 10 }) },
      { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer({ min: -1, max: 5 }), fc.double(), text), { maxLength: 6 }) },
    );
    const extras = fc.dictionary(
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'userId', 'price')),
      fc.jsonValue({ maxDepth: 1 }),
      {
        maxKeys: 2,
      },
    );

    /** Ids and secrets are real half the time, so that the fuzzer gets past the lookups into the services. */
    const valueFor = (kind: FieldKind) =>
      kind === 'orderId'
        ? fc.oneof(fc.constantFrom('$order', '$pending'), anyValue)
        : kind === 'secret'
          ? fc.oneof(fc.constant('$secret'), anyValue)
          : kind === 'teamId'
            ? fc.oneof(fc.constantFrom('$team', '$otherTeam'), anyValue)
            : anyValue;
    const bodyFor = (route: JsonRoute) => {
      const shaped = fc.record(Object.fromEntries(Object.entries(route.fields).map(([f, kind]) => [f, valueFor(kind)])), { requiredKeys: [] });
      return fc.oneof(
        { weight: 4, arbitrary: shaped.map((body) => JSON.stringify(body)) },
        { weight: 1, arbitrary: fc.tuple(shaped, extras).map(([body, extra]) => JSON.stringify({ ...extra, ...body })) },
        { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      );
    };
    const swapReal = (payload: string) =>
      payload.replace(/"(\$order|\$pending|\$secret|\$team|\$otherTeam)"/g, (_m, key: string) => JSON.stringify(REAL[key]!()));
    const parses = (payload: string): { ok: true; value: unknown } | { ok: false } => {
      try {
        return { ok: true, value: JSON.parse(payload) };
      } catch {
        return { ok: false };
      }
    };
    /** A key the server's JSON parser refuses outright (prototype pollution), at any depth. */

    it.each(JSON_ROUTES.map((route) => [route.url, route] as const))(
      '%s never fails, always answers the envelope, and stores nothing when it refuses',
      async (_url, route) => {
        // A request refused before any handler runs (bad JSON, the contract, no session) is accounted for
        // at the next checkpoint; one that may reach a handler gets its own before and after.
        const ledger = new StoredNothingLedger(() => t);
        await ledger.checkpoint();
        await fc.assert(
          fc.asyncProperty(bodyFor(route), fc.boolean(), async (raw, signedIn) => {
            const payload = swapReal(raw);
            const parsed = parses(payload);
            const refusedUpFront =
              (route.caller === 'operator' && !signedIn) ||
              !parsed.ok ||
              hasPoisonKey(parsed.value) ||
              !route.schema.safeParse(parsed.value ?? {}).success ||
              (route.caller !== 'visitor' && !signedIn);
            const before = refusedUpFront ? undefined : await ledger.checkpoint();
            const res = await send(route, payload, { signedIn });
            const body = expectEnvelope(res, payload);
            if (route.caller === 'operator' && !signedIn) {
              // Not an operator: the unknown route's answer, before the body is read.
              expect(res.statusCode).toBe(404);
              expect(body.message).toBe(`No such call: POST ${route.url}`);
            } else if (!parsed.ok || hasPoisonKey(parsed.value)) {
              expect(res.statusCode).toBe(400);
              expect(body.message).toMatch(/^(Malformed|Empty) JSON body/);
            } else if (!route.schema.safeParse(parsed.value ?? {}).success) {
              // The contract refuses it: a 400 naming the field (or the request), whoever is calling.
              expect(res.statusCode).toBe(400);
              expect(body.message).toMatch(/^Invalid [\w.]+: /);
            } else if (route.caller !== 'visitor' && !signedIn) {
              expect([400, 401]).toContain(res.statusCode);
              if (res.statusCode === 401) expect(body.message).toMatch(/log in/);
            }
            if (refusedUpFront) {
              expect(res.statusCode).toBeGreaterThanOrEqual(400);
              ledger.refused(`${signedIn ? 'signed in' : 'signed out'}: ${payload.slice(0, 200)}`, () => send(route, payload, { signedIn }));
              return;
            }
            if (res.statusCode >= 400) {
              expect(await ledger.checkpoint()).toEqual(before);
              return;
            }
            if (route.url === '/v1/user/delete') {
              // The throwaway account is gone; the next run needs a new one.
              fx.throwawayCookie = (await signInAs(t, `throwaway-${Date.now()}@example.com`)).cookie;
            } else if (route.url === '/v1/order/resumeCheckout') {
              // The pending order's checkout got a new secret; the other routes use that one now.
              fx.clientSecret = res.json().data.clientSecret;
            } else if (route.url === '/v1/order/discard') {
              // The fuzzer discarded the pending order the other routes work on: give them a new one.
              await newPendingOrder();
            } else if (route.url === '/v1/order/delete') {
              // The fuzzer deleted the completed order the other routes work on: give them a new one.
              fx.orderId = (await seedCompletedOrder(t, fx.userId, { portraitsCount: 3 })).id;
            }
            await ledger.rebase();
          }),
          { numRuns: 100 },
        );
        await ledger.checkpoint();
      },
    );

    it('is still healthy and serves valid calls after the fuzzing', async () => {
      await expectHealthy(t, fx.cookie);
      const list = await send(JSON_ROUTES.find((r) => r.url === '/v1/order/list')!, '{}');
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((o: { id: string }) => o.id)).toContain(fx.orderId);
    });
  });
});
