import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { selfies, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findCategory } from '../../../shared/catalog/categories.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import type { PortraitInfo } from '../../../shared/contracts/checkout.js';
import { LIMITS } from '../../../shared/limits.js';
import { startPendingOrder } from './start-pending-order.js';
import { selfieKey } from '../orders/storage-keys.js';
import { assertBetaAvailable, betaSeatTotal, holdBetaSeat } from '../entitlements/beta-seats.js';
import { identityOf } from '../entitlements/identity.js';
import { checkPhotoSet } from '../photos/check-photo-set.js';
import { normalizePhoto, type NormalizedPhoto } from './normalize-photo.js';

export interface CreateCheckoutInput {
  userId: string;
  portraitInfo: PortraitInfo;
  photos: { bytes: Buffer; filename: string }[];
}

/**
 * Validates a whole order (photos by their bytes and the selfie check, answers, package, beta rules),
 * stores the usable selfies and their verdicts,
 * creates the order as `pending` with its price from the catalog, and opens a checkout session with the
 * payment provider. Nothing is stored for a request that fails validation.
 */
export async function createCheckout(
  ctx: Pick<AppContext, 'database' | 'files' | 'payments' | 'clock' | 'config' | 'log' | 'faces'>,
  { userId, portraitInfo, photos }: CreateCheckoutInput,
) {
  const { db } = ctx.database;
  if (photos.length < LIMITS.photosMin) throw new AppError('BAD_REQUEST', `Please upload at least ${LIMITS.photosMin} photos`);
  if (photos.length > LIMITS.photosMax) throw new AppError('BAD_REQUEST', `Please upload at most ${LIMITS.photosMax} photos`);
  // The contract only lets catalog ids through; a caller that skipped it gets the contract's answer.
  const pkg = findPackage(portraitInfo.package);
  if (!pkg) throw new AppError('BAD_REQUEST', 'Invalid portraitInfo.package: is not a known package');
  const category = findCategory(portraitInfo.type);
  if (!category) throw new AppError('BAD_REQUEST', 'Invalid portraitInfo.type: is not a known portrait category');
  const isBeta = pkg.id === 'beta';
  const now = ctx.clock.now();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please log in to continue');
  const identity = await identityOf(db, user.email);
  const seats = isBeta ? await betaSeatTotal(db, ctx.config.betaSeats) : 0;
  if (isBeta) await assertBetaAvailable(db, { identity, userId, seats, now });

  // The selfie check first: a set it refuses is answered before anything is stored or charged.
  const { keep, checks } = await checkPhotoSet(ctx.faces, photos);
  const normalized: NormalizedPhoto[] = [];
  for (const { no, bytes, filename } of keep) normalized.push(await normalizePhoto(bytes, `Photo ${no} (${filename})`));

  return startPendingOrder(ctx, {
    user,
    pkg,
    now,
    order: { categoryId: category.id, portraitInfo: { ...portraitInfo, name: category.name }, isBeta, photoCheck: checks },
    prepare: async (orderId) => {
      for (const [i, photo] of normalized.entries()) {
        await ctx.files.put(selfieKey(orderId, i + 1), photo.jpeg, 'image/jpeg').catch((error: unknown) => {
          // A full disk or an unreachable bucket: the customer learns it is temporary and that nothing was charged.
          ctx.log.error({ err: error, orderId }, 'could not store the selfies');
          throw new AppError('UNAVAILABLE', 'We could not save your photos just now, and nothing was charged. Please try again in a few minutes.');
        });
      }
      await db.insert(selfies).values(
        normalized.map((photo, i) => ({
          orderId,
          no: i + 1,
          storageKey: selfieKey(orderId, i + 1),
          contentType: 'image/jpeg',
          bytes: photo.jpeg.length,
          width: photo.width,
          height: photo.height,
        })),
      );
      // The seat is held from here to the payment (the session's hour): no more checkouts open than seats
      // remain. Last, so a checkout a crash cuts off while its selfies are stored holds none.
      if (isBeta) await holdBetaSeat(db, { identity, userId, orderId, seats, now });
    },
  });
}
