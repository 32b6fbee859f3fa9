import type { StoredPhotoCheck } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { FaceAnalyzer } from '../../providers/faces/face-analyzer.js';
import type { PhotoSetRefusal } from '../../../shared/contracts/photos.js';
import { LIMITS } from '../../../shared/limits.js';
import { isRefusal, setReasons, verdictOf } from '../../../shared/photo-check.js';
import { analyzeUpload } from './analyze-upload.js';

/**
 * The checkout's authoritative selfie check of the whole set. Refuses (422, every photo's verdict in
 * `data`) a set with fewer than 6 usable photos; otherwise answers the photos to keep (refused ones are
 * left out of the order, numbered as sent) and every photo's verdict, to store with the order.
 */
export async function checkPhotoSet(faces: FaceAnalyzer, photos: readonly { bytes: Buffer; filename: string }[]) {
  const analyses = await Promise.all(photos.map((photo, i) => analyzeUpload(faces, photo.bytes, `Photo ${i + 1} (${photo.filename})`)));
  const reasons = setReasons(analyses);
  const judged = photos.map((photo, i) => ({ ...photo, no: i + 1, reasons: reasons[i] ?? [], analysis: analyses[i] }));
  const keep = judged.filter((photo) => !photo.reasons.some(isRefusal));
  if (keep.length < LIMITS.photosMin) {
    const data: PhotoSetRefusal = {
      photos: judged.map(({ no, filename, reasons }) => ({ no, name: filename, verdict: verdictOf(reasons), reasons })),
      needed: LIMITS.photosMin,
    };
    throw new AppError(
      'UNPROCESSABLE',
      `Only ${keep.length} of your photos can be used and we need at least ${LIMITS.photosMin}: please replace the photos marked as not usable`,
      data,
    );
  }
  const checks: StoredPhotoCheck[] = judged.map(({ no, reasons, analysis }) => ({
    no,
    verdict: verdictOf(reasons),
    reasons,
    faceWidth: analysis?.face?.width,
    sharpness: analysis?.sharpness,
    brightness: analysis?.brightness,
  }));
  return { keep, checks };
}
