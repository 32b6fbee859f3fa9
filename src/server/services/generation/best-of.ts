import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { candidates, portraits } from '../../db/schema.js';
import type { DeliveredPortrait } from '../../providers/generator/generator.js';
import { OrderGoneError, orderLive } from '../orders/order-lifecycle.js';
import { candidateFolder, candidateKey, orderFolder } from '../orders/storage-keys.js';
import { chooseDelivery } from '../likeness/choose.js';
import { judgeImage } from '../likeness/judge.js';
import { storePortrait } from './store-portrait.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'faces' | 'log' | 'imageEncoding'>;

/**
 * Keeps one image the generator made, with the likeness check's verdict: the file under the order's
 * candidates, then its row (a repeat after a crash is a no-op). An image that fails the check is not kept,
 * only its verdict, for the console's figures.
 */
export async function storeCandidate(ctx: Ctx, orderId: string, image: DeliveredPortrait, reference: readonly (readonly number[])[] | null): Promise<void> {
  const verdict = await judgeImage(ctx, image.jpeg, reference);
  const passed = verdict.reasons.length === 0;
  if (passed) await ctx.files.put(candidateKey(orderId, image.no), image.jpeg, 'image/jpeg');
  if (!(await orderLive(ctx.database.db, orderId))) {
    // The deletion may have passed already: nothing of the order stays, not even its emptied folder.
    await ctx.files.deletePrefix(orderFolder(orderId));
    throw new OrderGoneError(`order ${orderId} was deleted while its portraits were made`);
  }
  await ctx.database.db
    .insert(candidates)
    .values({
      orderId,
      no: image.no,
      storageKey: passed ? candidateKey(orderId, image.no) : null,
      look: image.look ?? null,
      seed: image.seed ?? null,
      score: verdict.score,
      reasons: verdict.reasons,
    })
    .onConflictDoNothing();
}

/**
 * Delivers the best images that passed into the order's empty portrait numbers (`slots`, in order: the
 * best becomes the first), keeping the mix of looks the first round was planned with, then removes the
 * candidates' files. Returns how many were delivered (fewer than the slots when too few passed). Safe to
 * repeat after a crash: the choice is the same, and a portrait already stored is not stored again.
 */
export async function deliverBest(ctx: Ctx, orderId: string, slots: readonly number[], firstRound: number): Promise<number> {
  const { db } = ctx.database;
  const rows = await db.select().from(candidates).where(eq(candidates.orderId, orderId));
  const delivered = rows.filter((row) => row.deliveredAs !== null);
  const open = slots.filter((no) => !delivered.some((row) => row.deliveredAs === no));
  const choice = chooseDelivery(
    rows
      .filter((row) => row.deliveredAs === null)
      .map((row) => ({ no: row.no, look: row.look, score: row.score, passed: row.reasons.length === 0 && row.storageKey !== null })),
    open.length,
    firstRound,
  );
  for (const [i, chosen] of choice.entries()) {
    const no = open[i] as number;
    const row = rows.find((r) => r.no === chosen.no);
    const jpeg = row?.storageKey ? await ctx.files.readBuffer(row.storageKey) : null;
    if (!row || !jpeg) throw new Error(`the image ${chosen.no} of order ${orderId} chosen for delivery is gone`);
    const [already] = await db
      .select({ no: portraits.no })
      .from(portraits)
      .where(and(eq(portraits.orderId, orderId), eq(portraits.no, no)));
    if (!already) await storePortrait(ctx, orderId, no, jpeg, { score: row.score, seed: row.seed, look: row.look });
    await db
      .update(candidates)
      .set({ deliveredAs: no })
      .where(and(eq(candidates.orderId, orderId), eq(candidates.no, chosen.no), isNull(candidates.deliveredAs)));
  }
  await ctx.files.deletePrefix(candidateFolder(orderId));
  return delivered.length + choice.length;
}
