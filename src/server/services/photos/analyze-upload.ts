import type { FaceAnalyzer } from '../../providers/faces/face-analyzer.js';
import { UnreadablePhotoError } from '../../providers/faces/face-analyzer.js';
import { AppError } from '../../errors.js';
import type { PhotoAnalysis } from '../../../shared/photo-check.js';
import { assertReadableImage } from '../checkout/normalize-photo.js';

/** Checks that an upload is an image we take, then has its faces analysed; `label` names it in errors. */
export async function analyzeUpload(faces: FaceAnalyzer, bytes: Buffer, label: string): Promise<PhotoAnalysis> {
  await assertReadableImage(bytes, label);
  try {
    return await faces.analyze(bytes);
  } catch (error) {
    if (error instanceof UnreadablePhotoError) throw new AppError('BAD_REQUEST', `${label} is damaged or cannot be decoded`);
    throw error;
  }
}
