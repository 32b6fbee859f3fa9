import type { PhotoAnalysis } from '@/shared/photo-check';

/** A well-framed selfie's measurements: one face 300 px across in the middle of an 800x1000 photo. */
export const goodAnalysis = (over: Partial<PhotoAnalysis> = {}): PhotoAnalysis => ({
  width: 800,
  height: 1000,
  faces: 1,
  face: { x: 250, y: 300, width: 300, height: 340 },
  landmarksOutside: 0,
  sharpness: 300,
  brightness: 120,
  hash: '0123456789abcdef',
  descriptor: Array.from({ length: 128 }, () => 0),
  ...over,
});

/** The same measurements as the uploader gets them: no descriptor, the photo's key and its face's distances to earlier photos. */
export const browserAnalysis = (over: Partial<PhotoAnalysis> = {}, key = '0123456789abcdef', distances: Record<string, number> = {}) => {
  const { descriptor: _, ...measured } = goodAnalysis(over);
  return { ...measured, key, distances };
};
