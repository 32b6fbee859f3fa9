import { ENDPOINTS, type Endpoint } from './endpoints';
import { z } from './zod';
import {
  ZAuthProvidersResponseSchema,
  ZEmptyRequestSchema,
  ZRedeemLoginLinkRequestSchema,
  ZRedeemLoginLinkResponseSchema,
  ZSendLoginLinkRequestSchema,
  ZSetLanguageRequestSchema,
  ZSetLanguageResponseSchema,
  ZUserInfoResponseSchema,
} from './auth';
import {
  ZCheckoutCreateResponseSchema,
  ZConfirmCheckoutRequestSchema,
  ZConfirmCheckoutResponseSchema,
  ZOfflineSessionRequestSchema,
  ZOfflineSessionResponseSchema,
} from './checkout';
import { ZBetaCouponResponseSchema } from './coupon';
import {
  ZBuyGiftCardRequestSchema,
  ZBuyGiftCardResponseSchema,
  ZConfirmGiftCardRequestSchema,
  ZGiftCardActionRequestSchema,
  ZGiftCardViewSchema,
  ZGiftCodeRequestSchema,
  ZGiftCodeResponseSchema,
  ZMyGiftCardsResponseSchema,
  ZOperatorGiftCardActionRequestSchema,
  ZOperatorGiftCardsRequestSchema,
  ZOperatorGiftCardsResponseSchema,
  ZRefundGiftCardRequestSchema,
} from './giftcard';
import { ZOrderInfoRequestSchema, ZOrderInfoResponseSchema } from './order-info';
import {
  ZAddDownloadedRequestSchema,
  ZReplacePortraitRequestSchema,
  ZReplacePortraitResponseSchema,
  ZDeleteOrderRequestSchema,
  ZDiscardOrderRequestSchema,
  ZListOrdersRequestSchema,
  ZListOrdersResponseSchema,
  ZRequestRefundRequestSchema,
  ZRequestRefundResponseSchema,
  ZResumeCheckoutRequestSchema,
  ZSetCommentRequestSchema,
  ZSetFavoriteRequestSchema,
} from './orders';
import { ZListReceiptsRequestSchema, ZListReceiptsResponseSchema } from './receipts';
import { ZCreateRefreshRequestSchema, ZCreateRefreshResponseSchema } from './refresh';
import {
  ZActionResponseSchema,
  ZAuditRequestSchema,
  ZAuditResponseSchema,
  ZDeleteCustomerRequestSchema,
  ZOperatorCustomerRequestSchema,
  ZOperatorCustomerResponseSchema,
  ZOperatorOrderRequestSchema,
  ZOperatorOrderResponseSchema,
  ZOperatorRefundRequestSchema,
  ZOrderActionRequestSchema,
  ZOverviewResponseSchema,
  ZSearchOrdersRequestSchema,
  ZSearchOrdersResponseSchema,
  ZSetBetaSeatsRequestSchema,
  ZFreeBetaSeatRequestSchema,
  ZSetTeamOwnerRequestSchema,
  ZGrantTeamRetryRequestSchema,
} from './operator';
import {
  ZBuySeatsRequestSchema,
  ZBuySeatsResponseSchema,
  ZConfirmSeatsRequestSchema,
  ZConfirmSeatsResponseSchema,
  ZCreateLinkRequestSchema,
  ZAdminInvitationRequestSchema,
  ZAdminInvitationResponseSchema,
  ZAnswerAdminInvitationRequestSchema,
  ZCreateLinkResponseSchema,
  ZCreateTeamRequestSchema,
  ZInviteRequestSchema,
  ZInviteResponseSchema,
  ZJoinTeamRequestSchema,
  ZJoinTeamResponseSchema,
  ZLeaveTeamRequestSchema,
  ZMemberActionRequestSchema,
  ZMyTeamResponseSchema,
  ZOperatorTeamRequestSchema,
  ZOperatorTeamResponseSchema,
  ZOperatorTeamsRequestSchema,
  ZOperatorTeamsResponseSchema,
  ZRefundSeatsRequestSchema,
  ZRefundSeatsResponseSchema,
  ZRevokeLinkRequestSchema,
  ZSetTeamBrandRequestSchema,
  ZTeamAdminRequestSchema,
  ZTeamAdminResponseSchema,
} from './team';
// Referrals
import { ZOperatorReferralsRequestSchema, ZOperatorReferralsResponseSchema, ZReferralsResponseSchema, ZVoidCreditRequestSchema } from './referral';

/**
 * One JSON call of the API: its path, what it takes, what it answers in `data`, and who may make it.
 * The server registers its route from this (validating the body, then checking sign-in) and the browser
 * calls it through `call()`, so both ends agree by construction. Calls that are browser navigations
 * (zip, receipt page, portraits, OAuth) or a multipart upload (checkout) are not JSON calls.
 */
export type Access = 'public' | 'customer' | 'operator';

export interface Call<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType, A extends Access = Access> extends Endpoint {
  request: Req;
  response: Res;
  /**
   * `customer`: a signed-out caller gets 401 "Please log in to continue", after the body was checked.
   * `operator`: only accounts with the operator role; anyone else, signed in or not, gets exactly the
   * answer of a route that does not exist, before the body is looked at.
   */
  access: A;
}

const call = <Req extends z.ZodType, Res extends z.ZodType, A extends Access>(definition: Call<Req, Res, A>) => definition;

export type CallInput<C extends Call> = z.input<C['request']>;
export type CallOutput<C extends Call> = z.infer<C['response']>;

export const CALLS = {
  sendLoginLink: call({ ...ENDPOINTS.sendLoginLink, request: ZSendLoginLinkRequestSchema, response: z.null(), access: 'public' }),
  verifyLoginLink: call({ ...ENDPOINTS.verifyLoginLink, request: ZRedeemLoginLinkRequestSchema, response: ZRedeemLoginLinkResponseSchema, access: 'public' }),
  authProviders: call({ ...ENDPOINTS.authProviders, request: ZEmptyRequestSchema, response: ZAuthProvidersResponseSchema, access: 'public' }),
  betaCoupon: call({
    ...ENDPOINTS.betaCoupon,
    request: ZEmptyRequestSchema,
    response: ZBetaCouponResponseSchema,
    access: 'public',
  }),
  userInfo: call({ ...ENDPOINTS.userInfo, request: ZEmptyRequestSchema, response: ZUserInfoResponseSchema, access: 'customer' }),
  deleteAccount: call({ ...ENDPOINTS.deleteAccount, request: ZEmptyRequestSchema, response: z.null(), access: 'customer' }),
  setLanguage: call({ ...ENDPOINTS.setLanguage, request: ZSetLanguageRequestSchema, response: ZSetLanguageResponseSchema, access: 'customer' }),
  listOrders: call({ ...ENDPOINTS.listOrders, request: ZListOrdersRequestSchema, response: ZListOrdersResponseSchema, access: 'customer' }),
  orderInfo: call({ ...ENDPOINTS.orderInfo, request: ZOrderInfoRequestSchema, response: ZOrderInfoResponseSchema, access: 'customer' }),
  deleteOrder: call({ ...ENDPOINTS.deleteOrder, request: ZDeleteOrderRequestSchema, response: z.null(), access: 'customer' }),
  resumeCheckout: call({ ...ENDPOINTS.resumeCheckout, request: ZResumeCheckoutRequestSchema, response: ZCheckoutCreateResponseSchema, access: 'customer' }),
  discardOrder: call({ ...ENDPOINTS.discardOrder, request: ZDiscardOrderRequestSchema, response: z.null(), access: 'customer' }),
  setComment: call({ ...ENDPOINTS.setComment, request: ZSetCommentRequestSchema, response: z.object({ comment: z.string() }), access: 'customer' }),
  setFavorite: call({
    ...ENDPOINTS.setFavorite,
    request: ZSetFavoriteRequestSchema,
    response: z.object({ favoriteImages: z.array(z.number().int()) }),
    access: 'customer',
  }),
  createRefresh: call({ ...ENDPOINTS.createRefresh, request: ZCreateRefreshRequestSchema, response: ZCreateRefreshResponseSchema, access: 'customer' }),
  requestRefund: call({ ...ENDPOINTS.requestRefund, request: ZRequestRefundRequestSchema, response: ZRequestRefundResponseSchema, access: 'customer' }),
  addDownloaded: call({ ...ENDPOINTS.addDownloaded, request: ZAddDownloadedRequestSchema, response: z.null(), access: 'customer' }),
  replacePortrait: call({
    ...ENDPOINTS.replacePortrait,
    request: ZReplacePortraitRequestSchema,
    response: ZReplacePortraitResponseSchema,
    access: 'customer',
  }),
  listReceipts: call({ ...ENDPOINTS.listReceipts, request: ZListReceiptsRequestSchema, response: ZListReceiptsResponseSchema, access: 'customer' }),
  confirmCheckout: call({
    ...ENDPOINTS.confirmCheckout,
    request: ZConfirmCheckoutRequestSchema,
    response: ZConfirmCheckoutResponseSchema,
    access: 'customer',
  }),
  offlineSession: call({
    ...ENDPOINTS.offlineSession,
    request: ZOfflineSessionRequestSchema,
    response: ZOfflineSessionResponseSchema,
    access: 'customer',
  }),
  offlinePay: call({
    ...ENDPOINTS.offlinePay,
    request: ZOfflineSessionRequestSchema,
    // `orderId` is empty and `purchaseId` set when the session paid a team's seats.
    response: z.object({ orderId: z.string(), purchaseId: z.string().optional(), giftCardId: z.string().optional() }),
    access: 'customer',
  }),
  operatorOverview: call({ ...ENDPOINTS.operatorOverview, request: ZEmptyRequestSchema, response: ZOverviewResponseSchema, access: 'operator' }),
  operatorSearchOrders: call({
    ...ENDPOINTS.operatorSearchOrders,
    request: ZSearchOrdersRequestSchema,
    response: ZSearchOrdersResponseSchema,
    access: 'operator',
  }),
  operatorOrder: call({ ...ENDPOINTS.operatorOrder, request: ZOperatorOrderRequestSchema, response: ZOperatorOrderResponseSchema, access: 'operator' }),
  operatorRetry: call({ ...ENDPOINTS.operatorRetry, request: ZOrderActionRequestSchema, response: ZActionResponseSchema, access: 'operator' }),
  operatorRefund: call({ ...ENDPOINTS.operatorRefund, request: ZOperatorRefundRequestSchema, response: ZActionResponseSchema, access: 'operator' }),
  operatorResendReady: call({
    ...ENDPOINTS.operatorResendReady,
    request: ZOrderActionRequestSchema,
    response: ZActionResponseSchema,
    access: 'operator',
  }),
  operatorExtendRetention: call({
    ...ENDPOINTS.operatorExtendRetention,
    request: ZOrderActionRequestSchema,
    response: ZActionResponseSchema,
    access: 'operator',
  }),
  operatorCustomer: call({
    ...ENDPOINTS.operatorCustomer,
    request: ZOperatorCustomerRequestSchema,
    response: ZOperatorCustomerResponseSchema,
    access: 'operator',
  }),
  operatorDeleteCustomer: call({
    ...ENDPOINTS.operatorDeleteCustomer,
    request: ZDeleteCustomerRequestSchema,
    response: ZActionResponseSchema,
    access: 'operator',
  }),
  operatorSetBetaSeats: call({ ...ENDPOINTS.operatorSetBetaSeats, request: ZSetBetaSeatsRequestSchema, response: ZActionResponseSchema, access: 'operator' }),
  operatorFreeBetaSeat: call({ ...ENDPOINTS.operatorFreeBetaSeat, request: ZFreeBetaSeatRequestSchema, response: ZActionResponseSchema, access: 'operator' }),
  operatorAudit: call({ ...ENDPOINTS.operatorAudit, request: ZAuditRequestSchema, response: ZAuditResponseSchema, access: 'operator' }),
  // Teams: every call answers the admin's view of the team after the change, but joining (the membership).
  teamMine: call({ ...ENDPOINTS.teamMine, request: ZEmptyRequestSchema, response: ZMyTeamResponseSchema, access: 'customer' }),
  teamCreate: call({ ...ENDPOINTS.teamCreate, request: ZCreateTeamRequestSchema, response: ZTeamAdminResponseSchema, access: 'customer' }),
  teamSetBrand: call({ ...ENDPOINTS.teamSetBrand, request: ZSetTeamBrandRequestSchema, response: ZTeamAdminResponseSchema, access: 'customer' }),
  teamBuySeats: call({ ...ENDPOINTS.teamBuySeats, request: ZBuySeatsRequestSchema, response: ZBuySeatsResponseSchema, access: 'customer' }),
  teamConfirmSeats: call({ ...ENDPOINTS.teamConfirmSeats, request: ZConfirmSeatsRequestSchema, response: ZConfirmSeatsResponseSchema, access: 'customer' }),
  teamRefundSeats: call({ ...ENDPOINTS.teamRefundSeats, request: ZRefundSeatsRequestSchema, response: ZRefundSeatsResponseSchema, access: 'customer' }),
  teamInvite: call({ ...ENDPOINTS.teamInvite, request: ZInviteRequestSchema, response: ZInviteResponseSchema, access: 'customer' }),
  teamCreateLink: call({ ...ENDPOINTS.teamCreateLink, request: ZCreateLinkRequestSchema, response: ZCreateLinkResponseSchema, access: 'customer' }),
  teamRevokeLink: call({ ...ENDPOINTS.teamRevokeLink, request: ZRevokeLinkRequestSchema, response: ZTeamAdminResponseSchema, access: 'customer' }),
  teamRevokeMember: call({ ...ENDPOINTS.teamRevokeMember, request: ZMemberActionRequestSchema, response: ZTeamAdminResponseSchema, access: 'customer' }),
  teamRemindMember: call({ ...ENDPOINTS.teamRemindMember, request: ZMemberActionRequestSchema, response: ZTeamAdminResponseSchema, access: 'customer' }),
  teamRetryMember: call({ ...ENDPOINTS.teamRetryMember, request: ZMemberActionRequestSchema, response: ZTeamAdminResponseSchema, access: 'customer' }),
  teamAddAdmin: call({ ...ENDPOINTS.teamAddAdmin, request: ZTeamAdminRequestSchema, response: ZTeamAdminResponseSchema, access: 'customer' }),
  teamRemoveAdmin: call({ ...ENDPOINTS.teamRemoveAdmin, request: ZTeamAdminRequestSchema, response: ZTeamAdminResponseSchema, access: 'customer' }),
  teamAdminInvitation: call({
    ...ENDPOINTS.teamAdminInvitation,
    request: ZAdminInvitationRequestSchema,
    response: ZAdminInvitationResponseSchema,
    access: 'customer',
  }),
  teamAnswerAdmin: call({ ...ENDPOINTS.teamAnswerAdmin, request: ZAnswerAdminInvitationRequestSchema, response: ZMyTeamResponseSchema, access: 'customer' }),
  teamLeave: call({ ...ENDPOINTS.teamLeave, request: ZLeaveTeamRequestSchema, response: ZMyTeamResponseSchema, access: 'customer' }),
  teamJoin: call({ ...ENDPOINTS.teamJoin, request: ZJoinTeamRequestSchema, response: ZJoinTeamResponseSchema, access: 'customer' }),
  operatorTeams: call({ ...ENDPOINTS.operatorTeams, request: ZOperatorTeamsRequestSchema, response: ZOperatorTeamsResponseSchema, access: 'operator' }),
  operatorTeam: call({ ...ENDPOINTS.operatorTeam, request: ZOperatorTeamRequestSchema, response: ZOperatorTeamResponseSchema, access: 'operator' }),
  operatorSetTeamOwner: call({ ...ENDPOINTS.operatorSetTeamOwner, request: ZSetTeamOwnerRequestSchema, response: ZActionResponseSchema, access: 'operator' }),
  operatorGrantTeamRetry: call({
    ...ENDPOINTS.operatorGrantTeamRetry,
    request: ZGrantTeamRetryRequestSchema,
    response: ZActionResponseSchema,
    access: 'operator',
  }),
  // Referrals: the customer's page (the link is made on the first call), and the console's lookup and action.
  referralsMine: call({ ...ENDPOINTS.referralsMine, request: ZEmptyRequestSchema, response: ZReferralsResponseSchema, access: 'customer' }),
  operatorReferrals: call({
    ...ENDPOINTS.operatorReferrals,
    request: ZOperatorReferralsRequestSchema,
    response: ZOperatorReferralsResponseSchema,
    access: 'operator',
  }),
  operatorVoidCredit: call({ ...ENDPOINTS.operatorVoidCredit, request: ZVoidCreditRequestSchema, response: ZActionResponseSchema, access: 'operator' }),
  // Gift cards: the buyer's, the recipient's (check, redeem) and the console's calls.
  giftCardBuy: call({ ...ENDPOINTS.giftCardBuy, request: ZBuyGiftCardRequestSchema, response: ZBuyGiftCardResponseSchema, access: 'customer' }),
  giftCardConfirm: call({ ...ENDPOINTS.giftCardConfirm, request: ZConfirmGiftCardRequestSchema, response: ZGiftCardViewSchema, access: 'customer' }),
  giftCardMine: call({ ...ENDPOINTS.giftCardMine, request: ZEmptyRequestSchema, response: ZMyGiftCardsResponseSchema, access: 'customer' }),
  giftCardResend: call({ ...ENDPOINTS.giftCardResend, request: ZGiftCardActionRequestSchema, response: ZGiftCardViewSchema, access: 'customer' }),
  giftCardRefund: call({ ...ENDPOINTS.giftCardRefund, request: ZRefundGiftCardRequestSchema, response: ZGiftCardViewSchema, access: 'customer' }),
  giftCardCheck: call({ ...ENDPOINTS.giftCardCheck, request: ZGiftCodeRequestSchema, response: ZGiftCodeResponseSchema, access: 'customer' }),
  giftCardRedeem: call({ ...ENDPOINTS.giftCardRedeem, request: ZGiftCodeRequestSchema, response: ZGiftCodeResponseSchema, access: 'customer' }),
  operatorGiftCards: call({
    ...ENDPOINTS.operatorGiftCards,
    request: ZOperatorGiftCardsRequestSchema,
    response: ZOperatorGiftCardsResponseSchema,
    access: 'operator',
  }),
  operatorVoidGiftCard: call({
    ...ENDPOINTS.operatorVoidGiftCard,
    request: ZOperatorGiftCardActionRequestSchema,
    response: ZActionResponseSchema,
    access: 'operator',
  }),
  operatorResendGiftCard: call({
    ...ENDPOINTS.operatorResendGiftCard,
    request: ZOperatorGiftCardActionRequestSchema,
    response: ZActionResponseSchema,
    access: 'operator',
  }),
} as const satisfies Record<keyof typeof ENDPOINTS, Call>;
