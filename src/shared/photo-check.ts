/**
 * The selfie check: what the face analysis measured of one photo, and the rules that turn those
 * measurements into a verdict. Server and browser use the same rules, so the uploader shows what the
 * checkout will decide. The figures and how they were chosen are in docs/decisions.md.
 */
export const PHOTO_CHECK = {
  /** Narrowest face we accept, in pixels of the photo as stored (long side at most 2048 px). */
  minFaceWidth: 200,
  /** A face narrower than this share of the main face is someone far behind, and is ignored. */
  backgroundFaceRatio: 0.5,
  /** A face box closer than this share of the photo to an edge is cut off by the frame. */
  edgeMargin: 0.01,
  /** Variance of the Laplacian over the face, scaled to 128 px across: below it the face is blurry. */
  minSharpness: 100,
  /** Mean luminance (0 to 255) of the face: outside this range it is too dark or too bright. */
  minBrightness: 45,
  maxBrightness: 220,
  /** Differing bits of two 64-bit difference hashes at or below which two photos are the same picture. */
  duplicateBits: 6,
  /** Distance of a face descriptor from the mean of the other photos' above which it is someone else. */
  samePersonDistance: 0.5,
} as const;

/** Why a photo is refused (it cannot be used) or warned about (it can, but could be better). */
export const REFUSALS = ['noFace', 'severalFaces', 'faceTooSmall', 'faceCutOff', 'duplicate', 'otherPerson'] as const;
export const WARNINGS = ['blurry', 'tooDark', 'tooBright'] as const;
export type PhotoRefusal = (typeof REFUSALS)[number];
export type PhotoWarning = (typeof WARNINGS)[number];
export type PhotoReason = PhotoRefusal | PhotoWarning;
export type PhotoVerdict = 'accepted' | 'warning' | 'refused';

/** What the analysis measured of one photo. Coordinates are in pixels of the upright photo. */
export interface PhotoAnalysis {
  width: number;
  height: number;
  /** Faces found, not counting the much smaller ones in the background. */
  faces: number;
  /** The main (largest) face, when there is one. */
  face?: { x: number; y: number; width: number; height: number };
  /** Landmarks of the main face (of 68) that fall outside the photo. */
  landmarksOutside?: number;
  sharpness?: number;
  brightness?: number;
  /** 64-bit difference hash of the whole photo, as 16 hex digits. */
  hash: string;
  /** 128-d descriptor of the main face, for comparing people across the set. */
  descriptor?: number[];
}

/** What a photo's own pixels say, before it is compared with the rest of the set. */
export function photoReasons(photo: PhotoAnalysis): PhotoReason[] {
  if (photo.faces === 0 || !photo.face) return ['noFace'];
  if (photo.faces > 1) return ['severalFaces'];
  const reasons: PhotoReason[] = [];
  const { face } = photo;
  if (face.width < PHOTO_CHECK.minFaceWidth) reasons.push('faceTooSmall');
  const marginX = PHOTO_CHECK.edgeMargin * photo.width;
  const marginY = PHOTO_CHECK.edgeMargin * photo.height;
  const touchesEdge = face.x < marginX || face.y < marginY || face.x + face.width > photo.width - marginX || face.y + face.height > photo.height - marginY;
  if (touchesEdge || (photo.landmarksOutside ?? 0) > 0) reasons.push('faceCutOff');
  if (photo.sharpness !== undefined && photo.sharpness < PHOTO_CHECK.minSharpness) reasons.push('blurry');
  if (photo.brightness !== undefined && photo.brightness < PHOTO_CHECK.minBrightness) reasons.push('tooDark');
  if (photo.brightness !== undefined && photo.brightness > PHOTO_CHECK.maxBrightness) reasons.push('tooBright');
  return reasons;
}

/** Number of differing bits of two hashes written as hex digits. */
export function hashDistance(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    let x = Number.parseInt(a[i] ?? '0', 16) ^ Number.parseInt(b[i] ?? '0', 16);
    while (x) {
      bits += x & 1;
      x >>= 1;
    }
  }
  return bits;
}

export function descriptorDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.sqrt(sum);
}

function meanOf(descriptors: readonly (readonly number[])[]): number[] {
  return Array.from({ length: descriptors[0]?.length ?? 0 }, (_, i) => descriptors.reduce((sum, d) => sum + (d[i] ?? 0), 0) / descriptors.length);
}

/**
 * Each photo's reasons within its set, in order: its own, then `duplicate` when an earlier photo is the
 * same picture, and `otherPerson` when its face is far from the mean face of the other usable photos.
 */
export function setReasons(photos: readonly PhotoAnalysis[]): PhotoReason[][] {
  const judged = photos.map((photo) => ({ photo, reasons: photoReasons(photo) }));
  judged.forEach((entry, i) => {
    const copies = judged
      .slice(0, i)
      .some((earlier) => !earlier.reasons.includes('duplicate') && hashDistance(earlier.photo.hash, entry.photo.hash) <= PHOTO_CHECK.duplicateBits);
    if (copies) entry.reasons.unshift('duplicate');
  });
  const people = judged.filter((entry) => entry.photo.descriptor && !entry.reasons.some(isRefusal));
  for (const person of people.length >= 2 ? people : []) {
    const others = meanOf(people.filter((other) => other !== person).map((other) => other.photo.descriptor ?? []));
    if (descriptorDistance(person.photo.descriptor ?? [], others) > PHOTO_CHECK.samePersonDistance) person.reasons.unshift('otherPerson');
  }
  return judged.map((entry) => entry.reasons);
}

export function isRefusal(reason: PhotoReason): reason is PhotoRefusal {
  return (REFUSALS as readonly string[]).includes(reason);
}

export function verdictOf(reasons: readonly PhotoReason[]): PhotoVerdict {
  if (reasons.some(isRefusal)) return 'refused';
  return reasons.length > 0 ? 'warning' : 'accepted';
}
