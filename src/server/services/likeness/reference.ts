import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { likenessReferences } from '../../db/schema.js';
import type { FaceAnalyzer } from '../../providers/faces/face-analyzer.js';

/**
 * The customer's reference for the likeness check: the face descriptors of their accepted selfies (or, for
 * an order made from a kept likeness, of those images). Made once per order and stored, so that the
 * portraits of later steps, a replacement or a refresh are compared with the same face after the selfies
 * are gone. Biometric data: it never leaves the server and is never logged (docs/decisions.md, "Likeness").
 */
export async function loadReference(db: Db, orderId: string): Promise<number[][] | null> {
  const [row] = await db.select({ descriptors: likenessReferences.descriptors }).from(likenessReferences).where(eq(likenessReferences.orderId, orderId));
  return row && row.descriptors.length > 0 ? row.descriptors : null;
}

/**
 * The descriptors a reference is made of: one per image that shows exactly one face the analysis can
 * describe; images it cannot read or that show nobody or several people are left out.
 */
export async function describeReference(faces: Pick<FaceAnalyzer, 'analyze'>, images: readonly Buffer[]): Promise<number[][]> {
  const descriptors: number[][] = [];
  for (const image of images) {
    const analysis = await faces.analyze(image, { background: true }).catch(() => null);
    if (analysis?.faces === 1 && analysis.descriptor) descriptors.push(analysis.descriptor);
  }
  return descriptors;
}

/**
 * The order's reference, made from `images` when it has none yet. Null when no image shows a face the
 * analysis can describe (the check then judges portraits on their own pixels).
 */
export async function ensureReference(
  ctx: Pick<AppContext, 'database' | 'faces'>,
  orderId: string,
  images: () => Promise<Buffer[]>,
): Promise<number[][] | null> {
  const stored = await loadReference(ctx.database.db, orderId);
  if (stored) return stored;
  const descriptors = await describeReference(ctx.faces, await images());
  if (descriptors.length === 0) return null;
  await ctx.database.db.insert(likenessReferences).values({ orderId, descriptors }).onConflictDoNothing();
  return (await loadReference(ctx.database.db, orderId)) ?? descriptors;
}

/** The reference goes (with the selfies, or with the kept likeness). */
export async function deleteReference(db: Db, orderId: string): Promise<void> {
  await db.delete(likenessReferences).where(eq(likenessReferences.orderId, orderId));
}
