import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { selfies } from '../../db/schema.js';
import { selfieFolder } from '../orders/storage-keys.js';

/** Deletes an order's selfies (files and rows) once generation no longer needs them. Safe to repeat. */
export async function deleteSelfies(ctx: Pick<AppContext, 'database' | 'files'>, orderId: string): Promise<void> {
  const rows = await ctx.database.db.select({ key: selfies.storageKey }).from(selfies).where(eq(selfies.orderId, orderId));
  for (const row of rows) await ctx.files.delete(row.key);
  await ctx.files.deletePrefix(selfieFolder(orderId));
  await ctx.database.db.delete(selfies).where(eq(selfies.orderId, orderId));
}
