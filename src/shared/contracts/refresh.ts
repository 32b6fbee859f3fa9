import { z } from './zod';
import { ZCheckoutCreateResponseSchema } from './checkout';
import { ZOrderIdSchema } from './orders';

const choices = z.array(z.string().max(60)).min(1, 'needs at least one choice').max(20);

/**
 * `POST /v1/order/refresh`: a refresh of a delivered order, with new attire and background choices
 * (checked against the order's category and gender); answers a payment session as the checkout does.
 */
export const ZCreateRefreshRequestSchema = z.strictObject({ orderId: ZOrderIdSchema, attire: choices, background: choices });
export const ZCreateRefreshResponseSchema = ZCheckoutCreateResponseSchema;
