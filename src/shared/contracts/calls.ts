import { z } from './zod';
import {
  ZAuthProvidersResponseSchema,
  ZEmptyRequestSchema,
  ZRedeemLoginLinkRequestSchema,
  ZRedeemLoginLinkResponseSchema,
  ZSendLoginLinkRequestSchema,
  ZUserInfoResponseSchema,
} from './auth';
import { ZConfirmCheckoutRequestSchema, ZConfirmCheckoutResponseSchema, ZOfflineSessionRequestSchema, ZOfflineSessionResponseSchema } from './checkout';
import { ZBetaCouponResponseSchema } from './coupon';
import { ZOrderInfoRequestSchema, ZOrderInfoResponseSchema } from './order-info';
import {
  ZAddDownloadedRequestSchema,
  ZDeleteOrderRequestSchema,
  ZListOrdersRequestSchema,
  ZListOrdersResponseSchema,
  ZRequestRefundRequestSchema,
  ZRequestRefundResponseSchema,
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
} from './operator';

/**
 * One JSON call of the API: its path, what it takes, what it answers in `data`, and who may make it.
 * The server registers its route from this (validating the body, then checking sign-in) and the browser
 * calls it through `call()`, so both ends agree by construction. Calls that are browser navigations
 * (zip, receipt page, portraits, OAuth) or a multipart upload (checkout) are not JSON calls.
 */
export type Access = 'public' | 'customer' | 'operator';

export interface Call<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType, A extends Access = Access> {
  path: `/v1/${string}`;
  request: Req;
  response: Res;
  /**
   * `customer`: a signed-out caller gets 401 "Please log in to continue", after the body was checked.
   * `operator`: only accounts with the operator role; anyone else, signed in or not, gets exactly the
   * answer of a route that does not exist, before the body is looked at.
   */
  access: A;
  /** POST with a JSON body unless said otherwise; a GET (a call a page makes on load) has no body. */
  methods?: readonly ('GET' | 'POST')[];
}

const call = <Req extends z.ZodType, Res extends z.ZodType, A extends Access>(definition: Call<Req, Res, A>) => definition;

export type CallInput<C extends Call> = z.input<C['request']>;
export type CallOutput<C extends Call> = z.infer<C['response']>;

export const CALLS = {
  sendLoginLink: call({ path: '/v1/loginLink/send', request: ZSendLoginLinkRequestSchema, response: z.null(), access: 'public' }),
  verifyLoginLink: call({ path: '/v1/loginLink/verify', request: ZRedeemLoginLinkRequestSchema, response: ZRedeemLoginLinkResponseSchema, access: 'public' }),
  authProviders: call({ path: '/v1/auth/providers', request: ZEmptyRequestSchema, response: ZAuthProvidersResponseSchema, access: 'public', methods: ['GET'] }),
  betaCoupon: call({
    path: '/v1/stripe/coupon',
    request: ZEmptyRequestSchema,
    response: ZBetaCouponResponseSchema,
    access: 'public',
    methods: ['GET', 'POST'],
  }),
  userInfo: call({ path: '/v1/user/info', request: ZEmptyRequestSchema, response: ZUserInfoResponseSchema, access: 'customer', methods: ['GET', 'POST'] }),
  deleteAccount: call({ path: '/v1/user/delete', request: ZEmptyRequestSchema, response: z.null(), access: 'customer' }),
  listOrders: call({ path: '/v1/order/list', request: ZListOrdersRequestSchema, response: ZListOrdersResponseSchema, access: 'customer' }),
  orderInfo: call({ path: '/v1/order/info', request: ZOrderInfoRequestSchema, response: ZOrderInfoResponseSchema, access: 'customer' }),
  deleteOrder: call({ path: '/v1/order/delete', request: ZDeleteOrderRequestSchema, response: z.null(), access: 'customer' }),
  setComment: call({ path: '/v1/order/setComment', request: ZSetCommentRequestSchema, response: z.object({ comment: z.string() }), access: 'customer' }),
  setFavorite: call({
    path: '/v1/order/setFavorite',
    request: ZSetFavoriteRequestSchema,
    response: z.object({ favoriteImages: z.array(z.number().int()) }),
    access: 'customer',
  }),
  createRefresh: call({ path: '/v1/order/refresh', request: ZCreateRefreshRequestSchema, response: ZCreateRefreshResponseSchema, access: 'customer' }),
  requestRefund: call({ path: '/v1/order/refund', request: ZRequestRefundRequestSchema, response: ZRequestRefundResponseSchema, access: 'customer' }),
  addDownloaded: call({ path: '/v1/order/addDownloaded', request: ZAddDownloadedRequestSchema, response: z.null(), access: 'customer' }),
  listReceipts: call({ path: '/v1/stripe/receipts', request: ZListReceiptsRequestSchema, response: ZListReceiptsResponseSchema, access: 'customer' }),
  confirmCheckout: call({
    path: '/v1/stripe/checkout/confirm',
    request: ZConfirmCheckoutRequestSchema,
    response: ZConfirmCheckoutResponseSchema,
    access: 'customer',
  }),
  offlineSession: call({
    path: '/v1/checkout/offline/session',
    request: ZOfflineSessionRequestSchema,
    response: ZOfflineSessionResponseSchema,
    access: 'customer',
  }),
  offlinePay: call({
    path: '/v1/checkout/offline/pay',
    request: ZOfflineSessionRequestSchema,
    response: z.object({ orderId: z.string() }),
    access: 'customer',
  }),
  operatorOverview: call({ path: '/v1/operator/overview', request: ZEmptyRequestSchema, response: ZOverviewResponseSchema, access: 'operator' }),
  operatorSearchOrders: call({
    path: '/v1/operator/orders/search',
    request: ZSearchOrdersRequestSchema,
    response: ZSearchOrdersResponseSchema,
    access: 'operator',
  }),
  operatorOrder: call({ path: '/v1/operator/orders/get', request: ZOperatorOrderRequestSchema, response: ZOperatorOrderResponseSchema, access: 'operator' }),
  operatorRetry: call({ path: '/v1/operator/orders/retry', request: ZOrderActionRequestSchema, response: ZActionResponseSchema, access: 'operator' }),
  operatorRefund: call({ path: '/v1/operator/orders/refund', request: ZOperatorRefundRequestSchema, response: ZActionResponseSchema, access: 'operator' }),
  operatorResendReady: call({
    path: '/v1/operator/orders/resendReady',
    request: ZOrderActionRequestSchema,
    response: ZActionResponseSchema,
    access: 'operator',
  }),
  operatorExtendRetention: call({
    path: '/v1/operator/orders/extendRetention',
    request: ZOrderActionRequestSchema,
    response: ZActionResponseSchema,
    access: 'operator',
  }),
  operatorCustomer: call({
    path: '/v1/operator/customers/get',
    request: ZOperatorCustomerRequestSchema,
    response: ZOperatorCustomerResponseSchema,
    access: 'operator',
  }),
  operatorDeleteCustomer: call({
    path: '/v1/operator/customers/delete',
    request: ZDeleteCustomerRequestSchema,
    response: ZActionResponseSchema,
    access: 'operator',
  }),
  operatorSetBetaSeats: call({ path: '/v1/operator/betaSeats', request: ZSetBetaSeatsRequestSchema, response: ZActionResponseSchema, access: 'operator' }),
  operatorAudit: call({ path: '/v1/operator/audit', request: ZAuditRequestSchema, response: ZAuditResponseSchema, access: 'operator' }),
} as const;
