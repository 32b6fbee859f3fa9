import type { AppContext } from '../../context.js';
import type { Order } from '../orders/order-lifecycle.js';
import { likenessFolder, likenessKey } from '../orders/storage-keys.js';

/**
 * What a generator keeps of a person to make more portraits later (a refresh), once the selfies are
 * gone. The offline generator keeps framed face crops under the order (`orders/{id}/likeness/`),
 * which go with the order's purge, its deletion and the account's; Astria keeps the fine-tune.
 */
export async function keepLikeness(ctx: Pick<AppContext, 'files' | 'generator'>, orderId: string, selfies: readonly Buffer[]): Promise<void> {
  if (!ctx.generator.likeness || selfies.length === 0) return;
  if ((await ctx.files.count(likenessFolder(orderId))) > 0) return;
  const crops = await ctx.generator.likeness(selfies);
  for (const [i, jpeg] of crops.entries()) await ctx.files.put(likenessKey(orderId, i + 1), jpeg, 'image/jpeg');
}

/** The kept likeness of an order, in order (empty when none was kept). */
export async function loadLikeness(ctx: Pick<AppContext, 'files'>, orderId: string): Promise<Buffer[]> {
  const crops: Buffer[] = [];
  for (let no = 1; ; no++) {
    const jpeg = await ctx.files.readBuffer(likenessKey(orderId, no));
    if (!jpeg) return crops;
    crops.push(jpeg);
  }
}

/** Whether a refresh of this order can be made: its likeness is still kept. */
export async function hasLikeness(ctx: Pick<AppContext, 'files' | 'generator'>, order: Pick<Order, 'id' | 'providerRef'>): Promise<boolean> {
  if (ctx.generator.kind === 'astria') return Boolean(order.providerRef);
  return (await ctx.files.count(likenessFolder(order.id))) > 0;
}
