import type { AppContext } from '../../context.js';
import { LIMITS } from '../../../shared/limits.js';
import { photoReasons, verdictOf } from '../../../shared/photo-check.js';
import type { PhotoCheckResponse } from '../../../shared/contracts/photos.js';
import { enforceRateLimit } from '../auth/rate-limit.js';
import { analyzeUpload } from './analyze-upload.js';
import { compareWithRecent, photoKey } from './recent-faces.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The uploader's instant check of one photo: analysed in memory and forgotten (only the measurements
 * are remembered, by the photo's hash, so the checkout need not analyse it again). The set's rules
 * (duplicates, someone else) are the browser's to apply with the analyses of the other photos: it gets
 * the face's distances to the customer's other recent photos, never the face's descriptor.
 */
export async function checkPhoto(
  ctx: Pick<AppContext, 'database' | 'faces' | 'clock'>,
  { userId, bytes, filename }: { userId: string; bytes: Buffer; filename: string },
): Promise<PhotoCheckResponse> {
  await enforceRateLimit(ctx.database.db, {
    key: `photo-check:${userId}`,
    limit: LIMITS.photoChecksPerHour,
    windowMs: HOUR_MS,
    now: ctx.clock.now(),
    message: (minutes) => `You have checked ${LIMITS.photoChecksPerHour} photos in the last hour; please try again in ${minutes} minutes`,
  });
  const { descriptor, ...measured } = await analyzeUpload(ctx.faces, bytes, `The photo (${filename})`);
  const reasons = photoReasons(measured);
  const key = photoKey(bytes);
  const distances = compareWithRecent(userId, key, measured.faces === 1 ? descriptor : undefined, ctx.clock.now().getTime());
  return { verdict: verdictOf(reasons), reasons, analysis: { ...measured, key, distances } };
}
