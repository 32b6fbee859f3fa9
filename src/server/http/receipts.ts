import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../shared/contracts/calls.js';
import { ZReceiptPageParamsSchema, ZReceiptPageQuerySchema } from '../../shared/contracts/receipts.js';
import { isBundledLanguage } from '../../shared/languages.js';
import { serverT } from '../i18n.js';
import { getReceipt } from '../services/payments/get-receipt.js';
import { listReceipts } from '../services/payments/list-receipts.js';
import { renderReceiptPage } from '../services/payments/render-receipt.js';
import { ok, parseInput } from './envelope.js';
import { route } from './route.js';
import { signedInUser } from './session.js';

/** The customer's receipts: the list, and the printable receipt page of an offline payment. */
export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, CALLS.listReceipts, async ({ user }) => ok(await listReceipts(ctx.database.db, user.userId, ctx.clock.now())));

  // A browser navigation (the View link opens it in a new tab), so it answers with a page.
  app.get('/v1/receipts/:paymentId', { config: { signIn: 'page' } }, async (request, reply) => {
    const { paymentId } = parseInput(ZReceiptPageParamsSchema, request.params);
    const { lang } = parseInput(ZReceiptPageQuerySchema, request.query);
    const user = signedInUser(request);
    const payment = await getReceipt(ctx.database.db, { userId: user.userId, paymentId });
    // The account's language, unless the page asks for another (`?lang=fr`).
    const { t, language } = serverT(isBundledLanguage(lang) ? lang : user.language);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(renderReceiptPage(payment, { t, language, supportEmail: ctx.config.mail.supportEmail }));
  });
}
