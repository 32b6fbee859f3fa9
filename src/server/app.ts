import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { fail } from './http/envelope.js';
import { maskedUrl } from './http/log-url.js';
import { registerErrorHandler } from './http/errors.js';
import { healthRoutes } from './http/health.js';
import { orderInfoRoutes } from './http/orders-info.js';
import { astriaCallbackRoutes } from './http/astria-callback.js';
import { checkoutPageHelmet, registerSecurity } from './http/security.js';
import { authRoutes } from './http/auth.js';
import { checkoutRoutes } from './http/checkout.js';
import { photoRoutes } from './http/photos.js';
import { couponRoutes } from './http/coupon.js';
import { operatorRoutes } from './http/operator.js';
import { teamRoutes } from './http/teams.js';
import { referralRoutes } from './http/referrals.js';
import { giftCardRoutes } from './http/giftcards.js';
import { orderRoutes } from './http/orders.js';
import { receiptRoutes } from './http/receipts.js';
import { stripeWebhookRoutes } from './http/stripe-webhook.js';
import { registerSignInCheck } from './http/session.js';
import { siteRoutes } from './http/site.js';
import { userRoutes } from './http/user.js';
import { createMailer, type Mailer } from './providers/mail/index.js';
import { createOAuthProviders } from './providers/oauth/index.js';
import { createFileStore } from './providers/storage/index.js';
import { createPayments, type PaymentsProvider } from './providers/payments/index.js';
import { createGenerator, type Generator } from './providers/generator/index.js';
import { type FaceAnalyzer, sharedFaceAnalyzer } from './providers/faces/face-analyzer.js';
import { registerJobs } from './jobs/index.js';
import { canonicaliseAccountEmails } from './services/accounts/canonical-emails.js';
import { backfillEntitlements } from './services/entitlements/backfill.js';
import { JobQueue } from './jobs/queue.js';

export interface BuildOptions {
  clock?: Clock;
  /** Check every JSON call's answer against its contract (tests): a mismatch is a 500. */
  checkResponses?: boolean;
  /** Start an in-memory embedded database from this dump (tests), instead of DATA_DIR's. */
  pgliteSnapshot?: Blob;
  mailer?: Mailer;
  payments?: PaymentsProvider;
  generator?: Generator;
  faces?: FaceAnalyzer;
  /**
   * Test harnesses: the offline generator makes plain images and renditions skip mozjpeg (a sixth of the
   * CPU per portrait). Never a setting, so production cannot reach it; tests about images leave it off.
   */
  plainImages?: boolean;
  /** Where the log's lines go instead of standard output (tests read them back). */
  logStream?: { write(line: string): void };
}

/** Query parameters that carry secrets (sign-in tokens, OAuth codes, callback secrets, signed portrait links); masked in request logs. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Builds the whole server from a config value: external plugins, then our context, then routes.
 * Opens the database (applying migrations) and the job queue; closing the app closes both.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Headers wherever a library logs them (the multipart parser logs its options, headers included, at trace).
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.headers.cookie', '*.headers.authorization'],
      serializers: {
        req: (req) => ({ method: req.method, url: maskedUrl(req.url), remoteAddress: req.ip }),
      },
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // A hop count believes that many proxies nearest the server, as proxy-addr counts them.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors the router raises before any handler runs (a malformed URL) get the envelope too.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).status(400).send(fail(400, error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Malformed request'));
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Every route, as registered: the authorization test walks this list, so no route can escape it.
  const routes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) routes.push({ method, url: route.url });
  });

  const database = await openDatabase(config.database, { pgliteSnapshot: options.pgliteSnapshot });
  const queue = new JobQueue(database, app.log.child({ component: 'jobs' }), {
    work: config.role !== 'web',
  });
  const ctx: AppContext = {
    config,
    database,
    queue,
    clock: options.clock ?? systemClock,
    log: app.log,
    // The real engines' SDKs (Stripe, the AWS SDK, nodemailer's SMTP, Astria) are imported only when configured.
    mailer: options.mailer ?? (await createMailer(config.mail, app.log.child({ component: 'mail' }))),
    files: await createFileStore(config.storage),
    oauth: createOAuthProviders(config.oauth),
    payments: options.payments ?? (await createPayments(config.stripe, database.db, options.clock ?? systemClock)),
    generator: options.generator ?? (await createGenerator(config.generator, config.publicUrl, { plain: options.plainImages })),
    faces: options.faces ?? sharedFaceAnalyzer(config.photoCheck.workers),
    imageEncoding: options.plainImages ? 'plain' : 'mozjpeg',
  };
  app.decorate('ctx', ctx);
  app.decorate('checkResponses', options.checkResponses ?? false);
  app.addHook('onClose', async () => {
    await queue.stop();
    await database.close();
  });

  try {
    // Processes starting together on one PostgreSQL set the queue up in turn: pg-boss's installer races.
    await database.exclusive(async () => {
      await backfillEntitlements(database.db, ctx.clock.now());
      await canonicaliseAccountEmails(database.db, ctx.clock.now());
      await queue.start();
      await registerJobs(ctx);
    });
  } catch (error) {
    await app.close();
    throw error;
  }

  registerErrorHandler(app);
  registerSignInCheck(app);
  await app.register(cookie);
  await app.register(compress, { threshold: 1024 });
  await registerSecurity(app, config);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(couponRoutes);
  await app.register(receiptRoutes);
  await app.register(checkoutRoutes);
  await app.register(photoRoutes);
  await app.register(orderRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(orderInfoRoutes);
  await app.register(astriaCallbackRoutes);
  await app.register(operatorRoutes);
  await app.register(teamRoutes);
  await app.register(referralRoutes);
  await app.register(giftCardRoutes);
  await app.register(siteRoutes, {
    distDir: config.distDir,
    checkoutHelmet: checkoutPageHelmet(config),
  });
  return app;
}
