import { PHOTO_LONG_SIDE } from '@/shared/limits';

/** Long side of a photo sent to the server; the server stores the same size, so more is wasted upload. */
export const UPLOAD_LONG_SIDE = PHOTO_LONG_SIDE;
export const UPLOAD_JPEG_QUALITY = 0.9;

/** The size that fits `width` x `height` inside `longSide` without enlarging. */
export function scaledSize(width: number, height: number, longSide = UPLOAD_LONG_SIDE): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Decodes a photo in the browser (upright, as the camera meant it) and re-encodes it as a JPEG whose
 * long side is at most 2048 px. Rejects when the browser cannot decode the file (e.g. HEIC outside Safari).
 */
export async function downscalePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: give transparent PNGs a white background rather than black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the photo'))), 'image/jpeg', UPLOAD_JPEG_QUALITY),
    );
  } finally {
    bitmap.close();
  }
}
