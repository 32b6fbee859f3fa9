import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, portraits, selfies } from '../../db/schema.js';
import type { GenerationRequest } from '../../providers/generator/index.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import { parseStoredPortraitInfo } from '../../../shared/contracts/checkout.js';
import { LIMITS, PORTRAIT_SIZE } from '../../../shared/limits.js';
import {
  completeOrder,
  failGeneration,
  markGenerationStarted,
  OrderGoneError,
  orderLive,
  recordGenerationError,
  recordProgress,
  type Order,
} from '../orders/order-lifecycle.js';
import { deleteSelfies } from './delete-selfies.js';
import { acquireLease, releaseLease, renewLease } from './lease.js';
import { notifyCustomer } from './notify.js';
import { storePortrait } from './store-portrait.js';
import { keepLikeness, loadLikeness } from '../refresh/likeness.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'generator' | 'clock' | 'mailer' | 'config' | 'log'>;

/** Another worker holds the order; the job is retried later (by then the holder finished or died). */
export class LeaseBusyError extends Error {
  override name = 'LeaseBusyError';
}

export type GenerationOutcome = { outcome: 'completed' | 'failed' | 'gone' } | { outcome: 'waiting'; retryAfterMs: number };

/** This process's name in leases. */
const WORKER_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

async function storedNumbers(ctx: Ctx, orderId: string): Promise<Set<number>> {
  const rows = await ctx.database.db.select({ no: portraits.no }).from(portraits).where(eq(portraits.orderId, orderId));
  return new Set(rows.map((r) => r.no));
}

async function finish(ctx: Ctx, order: Order, outcome: 'completed' | 'failed', reason?: string) {
  const now = ctx.clock.now();
  const { db } = ctx.database;
  const [generated] = await db.select({ n: count() }).from(portraits).where(eq(portraits.orderId, order.id));
  // Only the worker that moves the order out of `processing` finishes it: one status change, one mail.
  const finished =
    outcome === 'completed'
      ? await completeOrder(db, order.id, Number(generated?.n ?? 0), now)
      : await failGeneration(db, order.id, reason ?? 'Generation failed', now);
  if (!finished) return;
  await deleteSelfies(ctx, order.id);
  await notifyCustomer(ctx, { userId: order.userId, orderId: order.id, outcome: outcome === 'completed' ? 'ready' : 'failed' });
  ctx.log.info({ orderId: order.id, outcome, reason }, 'generation finished');
}

/**
 * Turns a paid order into portraits. Holds the order's lease while working (renewed as it goes), stores
 * every portrait the generator delivers, keeps `imageGenerated` and `progress` current, deletes the
 * selfies once consumed, and completes or fails the order. Safe to run again after a crash: only missing
 * portrait numbers are made. Returns `waiting` when a remote provider needs time.
 */
export async function runGeneration(ctx: Ctx, orderId: string, owner = WORKER_ID): Promise<GenerationOutcome> {
  const { db } = ctx.database;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.status !== 'processing' || order.deletingAt) return { outcome: 'gone' };
  const { leaseMs } = ctx.config.generator;
  if (!(await acquireLease(db, { orderId, owner, now: ctx.clock.now(), leaseMs }))) throw new LeaseBusyError(`order ${orderId} is being generated elsewhere`);

  // A worker that stalled past its lease (and was taken over) stops rather than generate alongside.
  let leaseLost = false;
  const heartbeat = setInterval(() => {
    void renewLease(db, { orderId, owner, now: ctx.clock.now() }).then(
      (held) => (leaseLost ||= !held),
      () => {},
    );
  }, leaseMs / 4);
  try {
    const started = order.generationStartedAt ?? ctx.clock.now();
    if (!order.generationStartedAt) await markGenerationStarted(db, orderId, started);
    const pkg = findPackage(order.packageId);
    if (!pkg) throw new Error(`Order ${orderId} has package "${order.packageId}", which the catalog does not have`);
    const size = pkg.largeImages ? PORTRAIT_SIZE.large : PORTRAIT_SIZE.standard;
    const [first] = order.refreshOf ? await db.select({ providerRef: orders.providerRef }).from(orders).where(eq(orders.id, order.refreshOf)) : [];
    const request: GenerationRequest = {
      orderId,
      answers: parseStoredPortraitInfo(order.portraitInfo),
      total: order.imageTotal,
      width: size.width,
      height: size.height,
      poses: pkg.poses,
      combinations: pkg.combinations,
      providerRef: order.providerRef,
      likenessRef: first?.providerRef ?? null,
      startedAt: started,
      attempt: order.retries + 1,
      // A refresh has no selfies: it is made from what its first order's generation kept; a retried order
      // from what its own first attempt kept.
      selfies: async () => {
        if (order.refreshOf) return loadLikeness(ctx, order.refreshOf);
        const rows = await db.select().from(selfies).where(eq(selfies.orderId, orderId)).orderBy(selfies.no);
        const buffers = await Promise.all(rows.map((r) => ctx.files.readBuffer(r.storageKey)));
        const found = buffers.filter((b): b is Buffer => b !== null);
        return found.length === 0 && order.likenessKeptAt ? loadLikeness(ctx, orderId) : found;
      },
    };
    /** Before the selfies go, the generator keeps what a later refresh (or a retry, after a failure) needs of the person. */
    const consumeSelfies = async () => {
      if (!order.refreshOf) await keepLikeness(ctx, orderId, request.selfies);
      await deleteSelfies(ctx, orderId);
    };

    // Every step has failed for longer than the settings allow: tell the customer now rather than after 72 hours.
    const failingFor = order.generationFailingSince ? ctx.clock.now().getTime() - order.generationFailingSince.getTime() : -1;
    if (failingFor >= ctx.config.generator.failAfterMs) {
      await keepLikeness(ctx, orderId, request.selfies).catch((error) =>
        ctx.log.warn({ err: error, orderId }, 'could not keep the likeness of a failing order'),
      );
      await finish(ctx, order, 'failed', `Generation kept failing: ${order.lastGenerationError ?? 'unknown error'}`);
      return { outcome: 'failed' };
    }

    for (;;) {
      // Prove the lease is still ours before each step: a worker that stalled past its lease and was
      // taken over stops here instead of generating alongside its successor.
      leaseLost ||= !(await renewLease(db, { orderId, owner, now: ctx.clock.now() }));
      if (leaseLost) {
        // A deletion also ends the lease: stop for good, not to be retried.
        if (!(await orderLive(db, orderId))) return { outcome: 'gone' };
        throw new LeaseBusyError(`order ${orderId} was taken over by another worker`);
      }
      const have = await storedNumbers(ctx, orderId);
      if (have.size >= order.imageTotal) {
        await consumeSelfies();
        await finish(ctx, order, 'completed');
        return { outcome: 'completed' };
      }
      const deadline = started.getTime() + LIMITS.generationBoundHours * 3600_000;
      if (ctx.clock.now().getTime() > deadline) {
        await consumeSelfies();
        await finish(ctx, order, 'failed', `Generation did not finish within ${LIMITS.generationBoundHours} hours`);
        return { outcome: 'failed' };
      }
      const step = await ctx.generator.advance(request, have);
      for (const portrait of step.portraits) {
        if (portrait.no >= 1 && portrait.no <= order.imageTotal && !have.has(portrait.no)) {
          await storePortrait(ctx, orderId, portrait.no, portrait.jpeg);
          have.add(portrait.no);
        }
      }
      const generated = have.size;
      await recordProgress(db, { orderId, owner, generated, total: order.imageTotal, providerRef: step.providerRef, now: ctx.clock.now() });
      if (step.providerRef) request.providerRef = step.providerRef;
      if (step.selfiesConsumed || step.failed) await consumeSelfies();
      if (step.failed) {
        await finish(ctx, order, 'failed', step.failed);
        return { outcome: 'failed' };
      }
      if (step.retryAfterMs !== undefined && generated < order.imageTotal) {
        await releaseLease(db, { orderId, owner, nextCheckAt: new Date(ctx.clock.now().getTime() + step.retryAfterMs) });
        return { outcome: 'waiting', retryAfterMs: step.retryAfterMs };
      }
    }
  } catch (error) {
    if (error instanceof OrderGoneError) {
      ctx.log.info({ orderId }, 'order deleted during generation; generation stopped');
      return { outcome: 'gone' };
    }
    // The job tries again; the order remembers since when it keeps failing, and why.
    if (!(error instanceof LeaseBusyError)) {
      const message = error instanceof Error ? error.message : String(error);
      await recordGenerationError(db, orderId, message, ctx.clock.now()).catch(() => {});
    }
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
