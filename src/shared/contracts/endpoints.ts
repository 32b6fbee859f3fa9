/**
 * Where each JSON call of the API lives (`CALLS` in ./calls adds what it takes, answers and who may make it).
 * The browser's `call()` needs only this table, so the dashboard ships no schemas and no zod.
 */
export interface Endpoint {
  path: `/v1/${string}`;
  /** POST with a JSON body unless said otherwise; a GET (a call a page makes on load) has no body. */
  methods?: readonly ('GET' | 'POST')[];
}

export const ENDPOINTS = {
  sendLoginLink: { path: '/v1/loginLink/send' },
  verifyLoginLink: { path: '/v1/loginLink/verify' },
  authProviders: { path: '/v1/auth/providers', methods: ['GET'] },
  betaCoupon: { path: '/v1/stripe/coupon', methods: ['GET', 'POST'] },
  userInfo: { path: '/v1/user/info', methods: ['GET', 'POST'] },
  deleteAccount: { path: '/v1/user/delete' },
  setLanguage: { path: '/v1/user/language' },
  listOrders: { path: '/v1/order/list' },
  orderInfo: { path: '/v1/order/info' },
  deleteOrder: { path: '/v1/order/delete' },
  resumeCheckout: { path: '/v1/order/resumeCheckout' },
  discardOrder: { path: '/v1/order/discard' },
  setComment: { path: '/v1/order/setComment' },
  setFavorite: { path: '/v1/order/setFavorite' },
  createRefresh: { path: '/v1/order/refresh' },
  requestRefund: { path: '/v1/order/refund' },
  addDownloaded: { path: '/v1/order/addDownloaded' },
  replacePortrait: { path: '/v1/order/replacePortrait' },
  listReceipts: { path: '/v1/stripe/receipts' },
  confirmCheckout: { path: '/v1/stripe/checkout/confirm' },
  offlineSession: { path: '/v1/checkout/offline/session' },
  offlinePay: { path: '/v1/checkout/offline/pay' },
  operatorOverview: { path: '/v1/operator/overview' },
  operatorSearchOrders: { path: '/v1/operator/orders/search' },
  operatorOrder: { path: '/v1/operator/orders/get' },
  operatorRetry: { path: '/v1/operator/orders/retry' },
  operatorRefund: { path: '/v1/operator/orders/refund' },
  operatorResendReady: { path: '/v1/operator/orders/resendReady' },
  operatorExtendRetention: { path: '/v1/operator/orders/extendRetention' },
  operatorCustomer: { path: '/v1/operator/customers/get' },
  operatorDeleteCustomer: { path: '/v1/operator/customers/delete' },
  operatorSetBetaSeats: { path: '/v1/operator/betaSeats' },
  operatorFreeBetaSeat: { path: '/v1/operator/betaSeats/free' },
  operatorAudit: { path: '/v1/operator/audit' },
  teamMine: { path: '/v1/team/mine', methods: ['GET', 'POST'] },
  teamCreate: { path: '/v1/team/create' },
  teamSetBrand: { path: '/v1/team/brand' },
  teamBuySeats: { path: '/v1/team/seats/buy' },
  teamConfirmSeats: { path: '/v1/team/seats/confirm' },
  teamRefundSeats: { path: '/v1/team/seats/refund' },
  teamInvite: { path: '/v1/team/invite' },
  teamCreateLink: { path: '/v1/team/link/create' },
  teamRevokeLink: { path: '/v1/team/link/revoke' },
  teamRevokeMember: { path: '/v1/team/member/revoke' },
  teamRemindMember: { path: '/v1/team/member/remind' },
  teamRetryMember: { path: '/v1/team/member/retry' },
  teamAddAdmin: { path: '/v1/team/admin/add' },
  teamRemoveAdmin: { path: '/v1/team/admin/remove' },
  teamAdminInvitation: { path: '/v1/team/admin/invitation' },
  teamAnswerAdmin: { path: '/v1/team/admin/answer' },
  teamLeave: { path: '/v1/team/leave' },
  teamJoin: { path: '/v1/team/join' },
  operatorTeams: { path: '/v1/operator/teams/search' },
  operatorTeam: { path: '/v1/operator/teams/get' },
  operatorSetTeamOwner: { path: '/v1/operator/teams/setOwner' },
  // Referrals
  referralsMine: { path: '/v1/referrals/mine', methods: ['GET', 'POST'] },
  operatorReferrals: { path: '/v1/operator/referrals/get' },
  operatorVoidCredit: { path: '/v1/operator/referrals/voidCredit' },
  // Gift cards
  giftCardBuy: { path: '/v1/giftcards' },
  giftCardConfirm: { path: '/v1/giftcards/confirm' },
  giftCardMine: { path: '/v1/giftcards/mine', methods: ['GET', 'POST'] },
  giftCardResend: { path: '/v1/giftcards/resend' },
  giftCardRefund: { path: '/v1/giftcards/refund' },
  giftCardCheck: { path: '/v1/giftcards/check' },
  giftCardRedeem: { path: '/v1/giftcards/redeem' },
  operatorGiftCards: { path: '/v1/operator/giftcards/search' },
  operatorVoidGiftCard: { path: '/v1/operator/giftcards/void' },
  operatorResendGiftCard: { path: '/v1/operator/giftcards/resend' },
} as const satisfies Record<string, Endpoint>;

export type CallName = keyof typeof ENDPOINTS;
