import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { candidates, orders, portraits, selfies } from '../../db/schema.js';
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
  recordImageRounds,
  recordProgress,
  type Order,
} from '../orders/order-lifecycle.js';
import { deliverBest, storeCandidate } from './best-of.js';
import { nextRound } from '../likeness/choose.js';
import { ensureReference, loadReference } from '../likeness/reference.js';
import { deleteSelfies } from './delete-selfies.js';
import { acquireLease, releaseLease, renewLease } from './lease.js';
import { notifyCustomer } from './notify.js';
import { storePortrait } from './store-portrait.js';
import { keepLikeness, loadLikeness } from '../refresh/likeness.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'generator' | 'clock' | 'mailer' | 'config' | 'log' | 'faces' | 'imageEncoding'>;

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

async function candidateNumbers(ctx: Ctx, orderId: string): Promise<Set<number>> {
  const rows = await ctx.database.db.select({ no: candidates.no }).from(candidates).where(eq(candidates.orderId, orderId));
  return new Set(rows.map((r) => r.no));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

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
    // With the likeness check, the generator makes more images than the package promises (the margin),
    // numbered 1..total, and the best that pass are delivered at the end; without it, the portraits as
    // they come. Portraits already stored (an order generated before the check existed) keep their numbers.
    const check = ctx.config.likeness.check;
    const stored = await storedNumbers(ctx, orderId);
    const slots = Array.from({ length: order.imageTotal }, (_, i) => i + 1).filter((no) => !stored.has(no));
    const { marginPercent, extraRounds, maxImagesPercent } = ctx.config.likeness;
    const rounds = check ? (order.imageRounds ?? [Math.ceil((slots.length * (100 + marginPercent)) / 100)]) : [order.imageTotal];
    if (check && !order.imageRounds) await recordImageRounds(db, orderId, rounds);
    const request: GenerationRequest = {
      orderId,
      answers: parseStoredPortraitInfo(order.portraitInfo),
      total: sum(rounds),
      rounds,
      width: size.width,
      height: size.height,
      poses: pkg.poses,
      combinations: pkg.combinations,
      providerRef: order.providerRef,
      likenessRef: first?.providerRef ?? null,
      startedAt: started,
      attempt: order.retries + 1,
      // A refresh has no selfies: it is made from what its first order's generation kept; a retried order
      // from what its own first attempt kept, and so is a round the likeness check asks for after the
      // generator made the first one and the selfies went (the likeness was kept just before: the order
      // row read above does not know it yet, so the kept images are looked for whenever the selfies are gone).
      selfies: async () => {
        if (order.refreshOf) return loadLikeness(ctx, order.refreshOf);
        const rows = await db.select().from(selfies).where(eq(selfies.orderId, orderId)).orderBy(selfies.no);
        const buffers = await Promise.all(rows.map((r) => ctx.files.readBuffer(r.storageKey)));
        const found = buffers.filter((b): b is Buffer => b !== null);
        return found.length > 0 ? found : loadLikeness(ctx, orderId);
      },
    };
    // The customer's face, before the selfies go: a refresh compares with its first order's.
    const reference = !check
      ? null
      : order.refreshOf
        ? ((await loadReference(db, order.refreshOf)) ?? (await ensureReference(ctx, order.refreshOf, () => loadLikeness(ctx, order.refreshOf as string))))
        : await ensureReference(ctx, orderId, request.selfies);
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
      const have = check ? await candidateNumbers(ctx, orderId) : await storedNumbers(ctx, orderId);
      if (!check && have.size >= order.imageTotal) {
        await consumeSelfies();
        await finish(ctx, order, 'completed');
        return { outcome: 'completed' };
      }
      if (check && have.size >= request.total) {
        const made = await db.select({ reasons: candidates.reasons }).from(candidates).where(eq(candidates.orderId, orderId));
        const passed = made.filter((c) => c.reasons.length === 0).length;
        const more = nextRound(
          { wanted: slots.length, made: made.length, passed, rounds: request.rounds.length - 1 },
          { extraRounds, maxImages: Math.ceil((slots.length * maxImagesPercent) / 100) },
        );
        if (more !== null) {
          request.rounds = [...request.rounds, more];
          request.total = sum(request.rounds);
          await recordImageRounds(db, orderId, request.rounds);
          ctx.log.info({ orderId, passed, made: made.length, more }, 'too few images passed the likeness check: making more');
          continue;
        }
        const delivered = await deliverBest(ctx, orderId, slots, request.rounds[0] ?? 0);
        await consumeSelfies();
        if (stored.size + delivered === 0) {
          await finish(ctx, order, 'failed', `None of the ${made.length} images made passed the likeness check`);
          return { outcome: 'failed' };
        }
        await finish(ctx, order, 'completed');
        return { outcome: 'completed' };
      }
      const deadline = started.getTime() + LIMITS.generationBoundHours * 3600_000;
      if (ctx.clock.now().getTime() > deadline) {
        // What passed the check so far is delivered rather than lost with the order.
        const delivered = check ? await deliverBest(ctx, orderId, slots, request.rounds[0] ?? 0) : 0;
        await consumeSelfies();
        if (stored.size + delivered > 0 && check) {
          await finish(ctx, order, 'completed');
          return { outcome: 'completed' };
        }
        await finish(ctx, order, 'failed', `Generation did not finish within ${LIMITS.generationBoundHours} hours`);
        return { outcome: 'failed' };
      }
      const step = await ctx.generator.advance(request, have);
      for (const portrait of step.portraits) {
        if (portrait.no < 1 || portrait.no > request.total || have.has(portrait.no)) continue;
        if (check) await storeCandidate(ctx, orderId, portrait, reference);
        else await storePortrait(ctx, orderId, portrait.no, portrait.jpeg, { seed: portrait.seed, look: portrait.look });
        have.add(portrait.no);
      }
      const generated = have.size;
      await recordProgress(db, {
        orderId,
        owner,
        generated,
        total: request.total,
        delivered: check ? stored.size : generated,
        providerRef: step.providerRef,
        now: ctx.clock.now(),
      });
      if (step.providerRef) request.providerRef = step.providerRef;
      if (step.selfiesConsumed || step.failed) await consumeSelfies();
      if (step.failed) {
        await finish(ctx, order, 'failed', step.failed);
        return { outcome: 'failed' };
      }
      if (step.retryAfterMs !== undefined && generated < request.total) {
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
