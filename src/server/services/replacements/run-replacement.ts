import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, portraits, replacements } from '../../db/schema.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import { parseStoredPortraitInfo } from '../../../shared/contracts/checkout.js';
import { LIKENESS } from '../../../shared/likeness.js';
import { PORTRAIT_SIZE } from '../../../shared/limits.js';
import { judgeImage } from '../likeness/judge.js';
import { loadReference } from '../likeness/reference.js';
import { OrderGoneError } from '../orders/order-lifecycle.js';
import { loadLikeness } from '../refresh/likeness.js';
import { replaceStoredPortrait } from '../generation/store-portrait.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'generator' | 'faces' | 'clock' | 'log' | 'imageEncoding'>;

export type ReplacementOutcome = { outcome: 'done' | 'failed' | 'gone' } | { outcome: 'waiting'; retryAfterMs: number };

async function settle(ctx: Ctx, id: string, status: 'done' | 'failed', fields: { score?: number | null; reason?: string }) {
  await ctx.database.db
    .update(replacements)
    .set({ status, finishedAt: ctx.clock.now(), score: fields.score ?? null, reason: fields.reason ?? null })
    .where(and(eq(replacements.id, id), eq(replacements.status, 'pending')));
}

/**
 * Makes a pending replacement: asks the generator for one portrait in the replaced one's look with the
 * replacement's seed, checks it like every portrait and, when it passes, puts it in the old one's place
 * (same number). One that fails the check is made again with the next seed, up to
 * `LIKENESS.replacementAttempts`; then the replacement fails, the portrait stays as it was and the
 * counter is given back. Safe to run again after a crash: the attempt and the provider's state are stored.
 */
export async function runReplacement(ctx: Ctx, replacementId: string): Promise<ReplacementOutcome> {
  const { db } = ctx.database;
  const [row] = await db
    .select({ replacement: replacements, order: orders })
    .from(replacements)
    .innerJoin(orders, and(eq(orders.id, replacements.orderId), isNull(orders.deletingAt)))
    .where(eq(replacements.id, replacementId));
  if (row?.replacement.status !== 'pending') return { outcome: 'gone' };
  const { replacement, order } = row;
  const [portrait] = await db
    .select({ look: portraits.look })
    .from(portraits)
    .where(and(eq(portraits.orderId, order.id), eq(portraits.no, replacement.no)));
  if (!portrait || order.purgedAt) {
    await settle(ctx, replacement.id, 'failed', { reason: 'The portrait is gone' });
    return { outcome: 'failed' };
  }
  const source = order.refreshOf ?? order.id;
  const pkg = findPackage(order.packageId);
  const size = pkg?.largeImages ? PORTRAIT_SIZE.large : PORTRAIT_SIZE.standard;
  const reference = await loadReference(db, source);

  let { attempts, providerState } = replacement;
  try {
    while (attempts < LIKENESS.replacementAttempts) {
      const seed = (replacement.seed + attempts) % 2 ** 32;
      const step = await ctx.generator.replace({
        orderId: order.id,
        answers: parseStoredPortraitInfo(order.portraitInfo),
        width: size.width,
        height: size.height,
        look: portrait.look,
        seed,
        likeness: () => loadLikeness(ctx, source),
        providerRef: order.providerRef,
        state: providerState,
        key: `${replacement.id}:${attempts}`,
      });
      if (step.failed) {
        await settle(ctx, replacement.id, 'failed', { reason: step.failed });
        return { outcome: 'failed' };
      }
      if (!step.jpeg) {
        providerState = step.state ?? providerState;
        await db.update(replacements).set({ providerState }).where(eq(replacements.id, replacement.id));
        return { outcome: 'waiting', retryAfterMs: step.retryAfterMs ?? 60_000 };
      }
      const verdict = await judgeImage(ctx, step.jpeg, reference);
      attempts += 1;
      providerState = null;
      if (verdict.reasons.length === 0) {
        await replaceStoredPortrait(ctx, { orderId: order.id, no: replacement.no, replacementId: replacement.id }, step.jpeg, {
          score: verdict.score,
          seed,
          look: portrait.look,
        });
        await db.update(replacements).set({ attempts, providerState }).where(eq(replacements.id, replacement.id));
        await settle(ctx, replacement.id, 'done', { score: verdict.score });
        ctx.log.info({ orderId: order.id, no: replacement.no, attempts }, 'portrait replaced');
        return { outcome: 'done' };
      }
      await db.update(replacements).set({ attempts, providerState }).where(eq(replacements.id, replacement.id));
      ctx.log.info({ orderId: order.id, no: replacement.no, attempts, reasons: verdict.reasons }, 'a replacement failed the likeness check');
    }
    await settle(ctx, replacement.id, 'failed', { reason: `None of ${attempts} new images passed the likeness check` });
    return { outcome: 'failed' };
  } catch (error) {
    if (error instanceof OrderGoneError) return { outcome: 'gone' };
    throw error;
  }
}
