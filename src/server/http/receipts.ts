import type { FastifyInstance } from 'fastify';
import {
  ZListReceiptsRequestSchema,
  ZReceiptPageParamsSchema,
  ZReceiptPageQuerySchema,
} from '../../shared/contracts/receipts.js';
import { serverT } from '../i18n.js';
import { getReceipt } from '../services/payments/get-receipt.js';
import { listReceipts } from '../services/payments/list-receipts.js';
import { renderReceiptPage } from '../services/payments/render-receipt.js';
import { ok, parseInput } from './envelope.js';
import { currentUser, requireUser } from './session.js';

/** The customer's receipts: the list, and the printable receipt page of an offline payment. */
export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.post('/v1/stripe/receipts', async (request, reply) => {
    parseInput(ZListReceiptsRequestSchema, request.body);
    const user = await requireUser(request, reply);
    return ok(await listReceipts(ctx.database.db, user.userId));
  });

  // A browser navigation (the View link opens it in a new tab), so it answers with a page.
  app.get('/v1/receipts/:paymentId', async (request, reply) => {
    const { paymentId } = parseInput(ZReceiptPageParamsSchema, request.params);
    const { lang } = parseInput(ZReceiptPageQuerySchema, request.query);
    const user = await currentUser(request, reply);
    if (!user) {
      // Signed out: sign in first and come straight back, as the dashboard pages do.
      return reply.redirect(`/login?${new URLSearchParams({ redirectURL: request.url })}`, 302);
    }
    const payment = await getReceipt(ctx.database.db, { userId: user.userId, paymentId });
    const { t, language } = serverT(lang);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(renderReceiptPage(payment, { t, language, supportEmail: ctx.config.mail.supportEmail }));
  });
}
