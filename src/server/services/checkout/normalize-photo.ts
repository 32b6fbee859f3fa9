import sharp, { type Metadata } from 'sharp';
import { LIMIT_TEXT, LIMITS, PHOTO_LONG_SIDE } from '../../../shared/limits.js';
import { AppError } from '../../errors.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff']);

export interface NormalizedPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * Checks that an upload is an image by its bytes (not its name or declared type), within 10 MB and 40
 * megapixels. `label` names the file in error messages.
 */
export async function assertReadableImage(bytes: Buffer, label: string): Promise<void> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', `${label} is empty`);
  if (bytes.length > LIMITS.photoMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `${label} is larger than ${LIMIT_TEXT.photoMaxSize}`);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('BAD_REQUEST', `${label} is not an image we can read (use JPG, PNG or WebP)`);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new AppError('BAD_REQUEST', `${label} is not an image we can read (use JPG, PNG or WebP)`);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > LIMITS.photoMaxPixels) throw new AppError('BAD_REQUEST', `${label} has more than ${LIMIT_TEXT.photoMaxPixels}`);
  if (pixels === 0) throw new AppError('BAD_REQUEST', `${label} has no pixels`);
}

/**
 * Checks an upload as `assertReadableImage` does and re-encodes it as an upright JPEG without metadata
 * (no GPS or camera data is kept).
 */
export async function normalizePhoto(bytes: Buffer, label: string): Promise<NormalizedPhoto> {
  await assertReadableImage(bytes, label);
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: LIMITS.photoMaxPixels })
      .rotate()
      .resize(PHOTO_LONG_SIDE, PHOTO_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    throw new AppError('BAD_REQUEST', `${label} is damaged or cannot be decoded`);
  }
}
