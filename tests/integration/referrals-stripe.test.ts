import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, referrals } from '@/server/db/schema';
import { REFERRAL_PROGRAM } from '@/shared/catalog/packages';
import { first30Cents } from '@/shared/referrals';
import { priceOf } from '../support/prices';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { startCheckout } from './helpers/orders';
import { makePhotos } from './helpers/photos';
import { arriveAndSignIn, referralCodeOf } from './helpers/referrals';
import { signInAs } from './helpers/session';
import { startStripeApi, stripeSettings } from './helpers/stripe-api';

/**
 * Referrals with Stripe's embedded Checkout (through the stand-in): the friend's discount is a coupon of
 * the order alone instead of promotion codes, or FIRST30's own coupon when it takes more.
 */
describe('[referrals] with Stripe', () => {
  let t: TestApp;
  let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
  let photos: Buffer[];
  const { friendDiscountCents } = REFERRAL_PROGRAM;

  beforeAll(async () => {
    stripeApi = await startStripeApi();
    photos = await makePhotos(6);
    t = await buildTestApp({ PUBLIC_URL: 'http://localhost:4321', ...stripeSettings(stripeApi.url, 'whsec_referrals') });
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  const lastSession = () => stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
  const orderRow = async (orderId: string) => (await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const confirm = (cookie: string, sessionId: string) =>
    t.app.inject({ method: 'POST', url: '/v1/stripe/checkout/confirm', headers: { ...sameSite, cookie }, payload: { sessionId } });

  it("gives the friend's first order a coupon of its own, made once, and fulfils it with the discount", async () => {
    const ann = await signInAs(t, 'ann@example.com');
    const bob = await arriveAndSignIn(t, await referralCodeOf(t, ann.cookie), 'bob@example.com');
    const created = await startCheckout(t, bob, 'basic', photos);
    expect(created.statusCode, created.body).toBe(200);
    const { orderId, sessionId } = created.json().data;

    const coupon = stripeApi.requests.find((r) => r.path === '/v1/coupons' && r.method === 'POST' && r.form.get('id') === `order-${orderId}`)!;
    expect(Object.fromEntries(coupon.form)).toMatchObject({
      amount_off: String(friendDiscountCents),
      currency: 'usd',
      duration: 'once',
      max_redemptions: '1',
    });
    expect(coupon.idempotencyKey).toBe(`order-coupon-${orderId}`);
    const session = lastSession();
    expect(session.form.get('discounts[0][coupon]')).toBe(`order-${orderId}`);
    expect(session.form.get('allow_promotion_codes')).toBeNull();
    expect(session.form.get('metadata[couponCode]')).toBe('FRIEND');

    stripeApi.complete(sessionId, { discount: friendDiscountCents, coupon: `order-${orderId}` });
    expect((await confirm(bob, sessionId)).json()).toMatchObject({ code: 0, data: { orderId, status: 'processing' } });
    expect(await orderRow(orderId)).toMatchObject({
      couponCode: 'FRIEND',
      discountCents: friendDiscountCents,
      referralDiscountCents: friendDiscountCents,
      amountCents: priceOf('basic') - friendDiscountCents,
    });
    const [referral] = await t.app.ctx.database.db.select().from(referrals).where(eq(referrals.firstOrderId, orderId));
    expect(referral?.state).toBe('ordered');
  });

  it('applies the FIRST30 coupon itself when it takes more than the friend discount', async () => {
    const cat = await signInAs(t, 'cat@example.com');
    const dan = await arriveAndSignIn(t, await referralCodeOf(t, cat.cookie), 'dan@example.com');
    const created = await startCheckout(t, dan, 'executive', photos);
    expect(created.statusCode, created.body).toBe(200);
    const { orderId, sessionId } = created.json().data;
    expect(stripeApi.requests.some((r) => r.path === '/v1/coupons' && r.form.get('id') === `order-${orderId}`)).toBe(false);
    expect(lastSession().form.get('discounts[0][coupon]')).toBe('portrait-studio-first30');
    expect(lastSession().form.get('metadata[couponCode]')).toBe('FIRST30');

    const discount = first30Cents(priceOf('executive'));
    stripeApi.complete(sessionId, { discount, coupon: 'portrait-studio-first30' });
    expect((await confirm(dan, sessionId)).json()).toMatchObject({ code: 0 });
    expect(await orderRow(orderId)).toMatchObject({ couponCode: 'FIRST30', discountCents: discount, referralDiscountCents: 0 });
  });
});
