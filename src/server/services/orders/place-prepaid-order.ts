import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, selfies } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findCategory } from '../../../shared/catalog/categories.js';
import type { PortraitPackage } from '../../../shared/catalog/packages.js';
import type { PortraitInfo } from '../../../shared/contracts/checkout.js';
import { LIMITS } from '../../../shared/limits.js';
import { normalizePhoto, type NormalizedPhoto } from '../checkout/normalize-photo.js';
import { scheduleGeneration } from '../generation/schedule-generation.js';
import { checkPhotoSet } from '../photos/check-photo-set.js';
import { createPendingOrder, deleteOrderAndFiles, markPaid, type NewOrder } from './order-lifecycle.js';
import { selfieKey } from './storage-keys.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'queue' | 'clock' | 'log' | 'faces'>;

/** The form's photo count and category, checked as the checkout checks them. */
export function checkOrderForm(portraitInfo: PortraitInfo, photos: readonly unknown[]) {
  if (photos.length < LIMITS.photosMin) throw new AppError('BAD_REQUEST', `Please upload at least ${LIMITS.photosMin} photos`);
  if (photos.length > LIMITS.photosMax) throw new AppError('BAD_REQUEST', `Please upload at most ${LIMITS.photosMax} photos`);
  const category = findCategory(portraitInfo.type);
  if (!category) throw new AppError('BAD_REQUEST', 'Invalid portraitInfo.type: is not a known portrait category');
  return category;
}

/** The selfie check, then each kept photo normalised: a set it refuses is answered before anything is taken. */
export async function preparePhotos(ctx: Pick<AppContext, 'faces'>, photos: { bytes: Buffer; filename: string }[]) {
  const { keep, checks } = await checkPhotoSet(ctx.faces, photos);
  const normalized: NormalizedPhoto[] = [];
  for (const { no, bytes, filename } of keep) normalized.push(await normalizePhoto(bytes, `Photo ${no} (${filename})`));
  return { checks, normalized };
}

/**
 * An order someone else already paid for (a team's seat, a gift card): created at amount 0, its selfies
 * stored, marked paid and generation scheduled. What paid for it was taken before; `giveBack` returns it
 * when the order cannot be made, with `keptMessage` telling the customer so.
 */
export async function placePrepaidOrder(
  ctx: Ctx,
  {
    order,
    pkg,
    portraitInfo,
    categoryName,
    normalized,
    checks,
    giveBack,
    keptMessage,
  }: {
    order: Pick<NewOrder, 'userId' | 'categoryId' | 'teamId' | 'teamInvitationId' | 'teamSeat' | 'giftCardId'>;
    pkg: PortraitPackage;
    portraitInfo: PortraitInfo;
    categoryName: string;
    normalized: NormalizedPhoto[];
    checks: NewOrder['photoCheck'];
    giveBack: (orderId: string | null) => Promise<unknown>;
    keptMessage: string;
  },
) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const created = await createPendingOrder(
    db,
    {
      ...order,
      packageId: pkg.id,
      portraitInfo: { ...portraitInfo, package: pkg.id, name: categoryName },
      imageTotal: pkg.portraits,
      priceCents: 0,
      discountCents: 0,
      amountCents: 0,
      currency: pkg.currency,
      couponCode: null,
      isBeta: false,
      photoCheck: checks,
    },
    now,
  ).catch(async (error: unknown) => {
    await giveBack(null);
    throw error;
  });
  try {
    for (const [i, photo] of normalized.entries()) await ctx.files.put(selfieKey(created.id, i + 1), photo.jpeg, 'image/jpeg');
    await db.insert(selfies).values(
      normalized.map((photo, i) => ({
        orderId: created.id,
        no: i + 1,
        storageKey: selfieKey(created.id, i + 1),
        contentType: 'image/jpeg',
        bytes: photo.jpeg.length,
        width: photo.width,
        height: photo.height,
      })),
    );
  } catch (error) {
    ctx.log.error({ err: error, orderId: created.id }, 'could not store a prepaid order’s selfies');
    await deleteOrderAndFiles(ctx, created.id, { filesBestEffort: true, now }).catch(() => {});
    await giveBack(created.id);
    throw new AppError('UNAVAILABLE', keptMessage);
  }
  await markPaid(db, created.id, { discountCents: 0, amountCents: 0, currency: pkg.currency, couponCode: null }, now);
  await scheduleGeneration(ctx, created.id);
  // markPaid made it processing; the answer says so.
  const [placed] = await db.select({ orderId: orders.id, status: orders.status }).from(orders).where(eq(orders.id, created.id));
  return placed ?? { orderId: created.id, status: created.status };
}
