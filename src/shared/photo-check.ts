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
  /**
   * Mean distance between the face descriptors of two groups of photos at or below which they show one
   * person (average linkage: every photo of one group against every photo of the other).
   */
  samePersonDistance: 0.55,
} as const;

/** Why a photo is refused (it cannot be used) or warned about (it can, but could be better). */
export const REFUSALS = ['noFace', 'severalFaces', 'faceTooSmall', 'faceCutOff', 'duplicate', 'otherPerson', 'whichPerson'] as const;
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
  /**
   * 128-d descriptor of the main face, for comparing people across the set. Biometric data: only the
   * server holds it. The browser gets `key` and `distances` instead.
   */
  descriptor?: number[];
  /** The photo's name for comparisons (the first 16 hex digits of its SHA-256), as the browser gets it. */
  key?: string;
  /** Face distances to the caller's other photos checked shortly before, by their `key`: all the browser needs to compare people. */
  distances?: Record<string, number>;
}

/** How far apart the faces of photos `a` and `b` are; undefined when it is not known. */
export type FaceDistance = (a: PhotoAnalysis, b: PhotoAnalysis) => number | undefined;

/** Between descriptors (the server), else from the distances the server gave one photo to the other (the browser). */
export const faceDistance: FaceDistance = (a, b) => {
  if (a.descriptor && b.descriptor) return descriptorDistance(a.descriptor, b.descriptor);
  const fromB = a.key ? b.distances?.[a.key] : undefined;
  if (fromB !== undefined) return fromB;
  return b.key ? a.distances?.[b.key] : undefined;
};

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

/** Mean distance between every face of one group and every face of the other. */
function linkage(a: readonly number[], b: readonly number[], distance: (i: number, j: number) => number): number {
  let sum = 0;
  for (const i of a) for (const j of b) sum += distance(i, j);
  return sum / (a.length * b.length);
}

/**
 * Groups faces by person: each face starts alone, and the two closest groups (average linkage) merge
 * while they are at most `samePersonDistance` apart. Answers groups of indices, largest first. Takes
 * the descriptors, or the number of faces and the distance between two of them.
 */
export function groupFaces(faces: readonly (readonly number[])[] | number, between?: (i: number, j: number) => number): number[][] {
  const count = typeof faces === 'number' ? faces : faces.length;
  const distanceOf = between ?? ((i: number, j: number) => (typeof faces === 'number' ? 0 : descriptorDistance(faces[i] ?? [], faces[j] ?? [])));
  let groups = Array.from({ length: count }, (_, i) => [i]);
  for (;;) {
    let best: { a: number; b: number; distance: number } | undefined;
    for (let a = 0; a < groups.length; a++) {
      for (let b = a + 1; b < groups.length; b++) {
        const distance = linkage(groups[a] ?? [], groups[b] ?? [], distanceOf);
        if (distance <= PHOTO_CHECK.samePersonDistance && (!best || distance < best.distance)) best = { a, b, distance };
      }
    }
    if (!best) break;
    const { a, b } = best;
    groups = [...groups.filter((_, i) => i !== a && i !== b), [...(groups[a] ?? []), ...(groups[b] ?? [])].sort((x, y) => x - y)];
  }
  return groups.sort((x, y) => y.length - x.length || (x[0] ?? 0) - (y[0] ?? 0));
}

/**
 * Each photo's reasons within its set, in order: its own, then `duplicate` when an earlier photo is the
 * same picture. The usable faces are grouped by person: the person of `customer` (the index of a photo
 * the customer picked as theirs), or else the person with more photos than all others together, is the
 * customer, and every other face is `otherPerson`. With no such majority (one photo each, three and
 * three) nobody is accused: every face gets `whichPerson` until the customer picks. `comparePeople: false`
 * leaves people alone (the uploader, while photos are still being checked, so nobody is accused for a moment).
 */
export function setReasons(
  photos: readonly PhotoAnalysis[],
  { customer, comparePeople = true }: { customer?: number; comparePeople?: boolean } = {},
): PhotoReason[][] {
  const judged = photos.map((photo) => ({ photo, reasons: photoReasons(photo) }));
  judged.forEach((entry, i) => {
    const copies = judged
      .slice(0, i)
      .some((earlier) => !earlier.reasons.includes('duplicate') && hashDistance(earlier.photo.hash, entry.photo.hash) <= PHOTO_CHECK.duplicateBits);
    if (copies) entry.reasons.unshift('duplicate');
  });
  const people = comparePeople ? judged.filter((entry) => (entry.photo.descriptor || entry.photo.key) && !entry.reasons.some(isRefusal)) : [];
  // Every pair must be known to compare people (the browser may lack one after the server restarted):
  // otherwise nobody is accused here, and the checkout, which analyses every photo again, decides.
  const distances = people.map((a) => people.map((b) => (a === b ? 0 : faceDistance(a.photo, b.photo))));
  if (distances.some((row) => row.some((d) => d === undefined))) return judged.map((entry) => entry.reasons);
  const groups = groupFaces(people.length, (i, j) => distances[i]?.[j] ?? 0);
  if (groups.length < 2) return judged.map((entry) => entry.reasons);
  const picked = customer === undefined ? -1 : people.indexOf(judged[customer] as (typeof people)[number]);
  const largest = groups[0] ?? [];
  const main = groups.find((group) => group.includes(picked)) ?? (largest.length > people.length - largest.length ? largest : undefined);
  people.forEach((entry, i) => {
    if (!main) entry.reasons.unshift('whichPerson');
    else if (!main.includes(i)) entry.reasons.unshift('otherPerson');
  });
  return judged.map((entry) => entry.reasons);
}

export function isRefusal(reason: PhotoReason): reason is PhotoRefusal {
  return (REFUSALS as readonly string[]).includes(reason);
}

export function verdictOf(reasons: readonly PhotoReason[]): PhotoVerdict {
  if (reasons.some(isRefusal)) return 'refused';
  return reasons.length > 0 ? 'warning' : 'accepted';
}
