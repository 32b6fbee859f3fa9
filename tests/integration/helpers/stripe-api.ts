import Stripe from 'stripe';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** A request the server made to the Stripe stand-in, with its form body decoded. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

const recordedSession = JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/stripe-checkout-session.json'), 'utf8'));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for Stripe's API, answering with a recorded Checkout Session response. The only
 * place Stripe is simulated: the network is closed here. `complete()` marks a session paid, as Stripe
 * does when the customer pays.
 */
export async function startStripeApi() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const coupons = new Set<string>();
  let sessionCounter = 0;
  const refundsByKey = new Map<string, { id: string; payment_intent: string | null; amount: number }>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://stripe.local');
    const form = new URLSearchParams(await readBody(req));
    requests.push({
      method: req.method!,
      path: url.pathname,
      query: url.searchParams,
      form,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    };
    const missing = () => json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } });
    const [, , resource, id] = url.pathname.split('/');

    if (resource === 'coupons' && req.method === 'GET') return coupons.has(id!) ? json(200, { id, object: 'coupon' }) : missing();
    if (resource === 'coupons' && req.method === 'POST') {
      coupons.add(form.get('id')!);
      return json(200, { id: form.get('id'), object: 'coupon', percent_off: Number(form.get('percent_off')) });
    }
    if (resource === 'promotion_codes' && req.method === 'GET') return json(200, { object: 'list', data: [], has_more: false, url: '/v1/promotion_codes' });
    if (resource === 'promotion_codes' && req.method === 'POST') return json(200, { id: 'promo_first30', object: 'promotion_code', code: form.get('code') });
    if (resource === 'customers' && req.method === 'POST') {
      // Test and live keys see two separate sets of objects, as at Stripe.
      const live = req.headers.authorization?.includes('sk_live_');
      return json(200, { id: live ? 'cus_LiveCustomer01' : 'cus_TestCustomer01', object: 'customer', email: form.get('email') });
    }
    if (url.pathname === '/v1/checkout/sessions' && req.method === 'POST') {
      const sessionId = `cs_test_recorded_${++sessionCounter}`;
      // As Stripe does: the amount is the line's unit amount times its quantity (a team's seats), and
      // the session keeps every metadata key it was given.
      const amount = Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1);
      const metadata = Object.fromEntries(
        [...form.entries()].flatMap(([key, value]) => (/^metadata\[(\w+)\]$/.exec(key)?.slice(1, 2) ?? []).map((k) => [k, value])),
      );
      const session = {
        ...recordedSession,
        id: sessionId,
        client_secret: `${sessionId}_secret_${recordedSession.client_secret.split('_secret_')[1]}`,
        customer: form.get('customer'),
        metadata,
        amount_subtotal: amount,
        expires_at: Number(form.get('expires_at')),
        amount_total: amount,
      };
      sessions.set(sessionId, session);
      return json(200, session);
    }
    if (/^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(url.pathname) && req.method === 'POST') {
      // As Stripe does: only an open session can be expired; it then can never be paid.
      const session = sessions.get(url.pathname.split('/')[4]!);
      if (!session) return missing();
      if (session.status !== 'open') {
        return json(400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` } });
      }
      Object.assign(session, { status: 'expired', client_secret: null });
      return json(200, session);
    }
    if (url.pathname.startsWith('/v1/checkout/sessions/') && req.method === 'GET') {
      const session = sessions.get(url.pathname.split('/').pop()!);
      return session ? json(200, session) : missing();
    }
    if (url.pathname === '/v1/refunds' && req.method === 'POST') {
      // As Stripe does: the same idempotency key answers the first refund again; a charge is refunded once.
      const key = req.headers['idempotency-key'] as string | undefined;
      const earlier = key ? refundsByKey.get(key) : undefined;
      if (earlier) return json(200, earlier);
      const intent = form.get('payment_intent');
      if ([...refundsByKey.values()].some((r) => r.payment_intent === intent)) {
        return json(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } });
      }
      const refund = {
        id: `re_${refundsByKey.size + 1}_${intent}`,
        object: 'refund',
        amount: Number(form.get('amount')),
        payment_intent: intent,
        status: 'succeeded',
      };
      refundsByKey.set(key ?? refund.id, refund);
      return json(200, refund);
    }
    missing();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The customer paid: the session completes with a charge, as Stripe reports it. */
    complete(sessionId: string, { discount = 0, promotionCode, coupon }: { discount?: number; promotionCode?: string; coupon?: string } = {}) {
      const session = sessions.get(sessionId)!;
      const subtotal = session.amount_subtotal as number;
      Object.assign(session, {
        status: 'complete',
        payment_status: subtotal - discount > 0 ? 'paid' : 'no_payment_required',
        amount_total: subtotal - discount,
        total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
        // A promotion code the customer typed, or a coupon the session was created with.
        discounts: promotionCode
          ? [{ coupon: 'portrait-studio-first30', promotion_code: { id: 'promo_first30', object: 'promotion_code', code: promotionCode } }]
          : coupon
            ? [{ coupon, promotion_code: null }]
            : [],
        payment_intent: {
          id: `pi_${sessionId}`,
          object: 'payment_intent',
          latest_charge: {
            id: `ch_${sessionId}`,
            object: 'charge',
            receipt_url: `https://pay.stripe.com/receipts/payment/${sessionId}`,
            payment_method_details: { type: 'card', card: { last4: '4242', brand: 'visa' } },
          },
        },
      });
    },
    /** The session's lifetime ran out unpaid, as Stripe reports it before sending `checkout.session.expired`. */
    expire(sessionId: string) {
      Object.assign(sessions.get(sessionId)!, { status: 'expired', client_secret: null });
    },
    /**
     * The customer paid with a delayed method (a bank debit) that later failed: the session stays complete
     * and unpaid, and its PaymentIntent needs a new payment method (`checkout.session.async_payment_failed`).
     * `settling: true` is the moment before, while the debit is still processing.
     */
    failPayment(sessionId: string, { settling = false }: { settling?: boolean } = {}) {
      Object.assign(sessions.get(sessionId)!, {
        status: 'complete',
        payment_status: 'unpaid',
        payment_intent: { id: `pi_${sessionId}`, object: 'payment_intent', status: settling ? 'processing' : 'requires_payment_method', latest_charge: null },
      });
    },
    /** Refunds made, one per charge. */
    refunds: () => [...refundsByKey.values()],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The settings of a server taking payments through the stand-in at `apiUrl`, with webhooks signed by `webhookSecret`. */
export function stripeSettings(apiUrl: string, webhookSecret: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_portrait',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_portrait',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: apiUrl,
  };
}

/** A webhook request as Stripe sends it: the event with `object` as its data, signed with `webhookSecret`. */
export function signedStripeEvent(webhookSecret: string, type: string, object: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  return {
    method: 'POST' as const,
    url: '/v1/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  };
}
