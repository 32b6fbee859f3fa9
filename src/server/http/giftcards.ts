import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { CALLS } from '../../shared/contracts/calls.js';
import { ZCheckoutOptionsSchema } from '../../shared/contracts/checkout.js';
import { AppError } from '../errors.js';
import { buyGiftCard } from '../services/giftcards/buy-gift-card.js';
import { confirmGiftCard, myGiftCards } from '../services/giftcards/my-gift-cards.js';
import { placeGiftOrder } from '../services/giftcards/place-gift-order.js';
import { checkGiftCode, redeemGiftCard } from '../services/giftcards/redeem-gift-card.js';
import { refundGiftCard } from '../services/giftcards/refund-gift-card.js';
import { resendGiftCard } from '../services/giftcards/resend-gift-card.js';
import { resendGiftCardAsOperator, searchGiftCards, voidGiftCard } from '../services/operator/gift-cards.js';
import { MULTIPART_LIMITS, readCheckoutForm } from './checkout.js';
import { ok } from './envelope.js';
import { assertBoundary } from './multipart.js';
import { route } from './route.js';
import { signedInUser } from './session.js';

/** The free order's options besides the answers: which redeemed card pays. */
const ZGiftOrderSchema = ZCheckoutOptionsSchema.extend({ giftCardId: z.string({ message: 'is required' }).min(1, 'is required').max(100, 'is too long') });

/** Gift cards: buying, the buyer's list and actions, checking and redeeming a code, the free order, and the console's calls. */
export async function giftCardRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const { ctx } = app;
  const { db } = ctx.database;
  const actor = (email: string, requestId: string) => ({ email, requestId });

  route(app, CALLS.giftCardBuy, async ({ input, user }) => ok(await buyGiftCard(ctx, { userId: user.userId, ...input })));
  route(app, CALLS.giftCardConfirm, async ({ input, user }) => ok(await confirmGiftCard(ctx, { userId: user.userId, ...input })));
  route(app, CALLS.giftCardMine, async ({ user }) => ok(await myGiftCards(ctx, user.userId)));
  route(app, CALLS.giftCardResend, async ({ input, user }) => ok(await resendGiftCard(ctx, { userId: user.userId, ...input }), 'Gift card mailed again'));
  route(app, CALLS.giftCardRefund, async ({ input, user }) => ok(await refundGiftCard(ctx, { userId: user.userId, ...input }), 'Refunded'));
  route(app, CALLS.giftCardCheck, async ({ input, user, request }) => ok(await checkGiftCode(ctx, { userId: user.userId, ip: request.ip, code: input.code })));
  route(app, CALLS.giftCardRedeem, async ({ input, user, request }) =>
    ok(await redeemGiftCard(ctx, { userId: user.userId, ip: request.ip, code: input.code }), 'Gift card redeemed'),
  );
  route(app, CALLS.operatorGiftCards, async ({ input }) => ok(await searchGiftCards(db, input)));
  route(app, CALLS.operatorVoidGiftCard, async ({ input, user }) => ok(await voidGiftCard(ctx, actor(user.email, input.requestId), input), 'Gift card voided'));
  route(app, CALLS.operatorResendGiftCard, async ({ input, user }) =>
    ok(await resendGiftCardAsOperator(ctx, actor(user.email, input.requestId), input.giftCardId), 'Gift card mailed again'),
  );

  // The order a redeemed card pays: the same form as the checkout (photos and `options` with portraitInfo and giftCardId).
  app.post('/v1/giftcards/order', { config: { signIn: 'api' } }, async (request) => {
    const user = signedInUser(request);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photos and options as multipart/form-data');
    assertBoundary(request.headers['content-type']);
    const { photos, portraitInfo, options } = await readCheckoutForm(request.parts(), ZGiftOrderSchema);
    return ok(await placeGiftOrder(ctx, { userId: user.userId, giftCardId: options.giftCardId, portraitInfo, photos }), 'Order placed');
  });
}
