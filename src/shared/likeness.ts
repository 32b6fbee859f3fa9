import { descriptorDistance, PHOTO_CHECK, type PhotoAnalysis } from './photo-check';

/**
 * The likeness check of a generated portrait: the same face analysis as the selfie check, compared with
 * the customer's reference (the descriptors of their accepted selfies). A portrait passes when it shows
 * exactly one face, whole and sharp, close enough to the customer's. The figures, and the labelled set
 * they were measured on (`npm run bench likeness`), are in docs/decisions.md and docs/benchmarks.md.
 */
export const LIKENESS = {
  /**
   * Mean descriptor distance to the reference at which the score is `minScore`. On the labelled set of
   * `npm run bench likeness`, portraits of the customer made from their selfies measure 0.16 to 0.48; of
   * another person, 0.56 and more.
   */
  thresholdDistance: 0.5,
  /** Score lost per unit of distance: 0.1 closer than the threshold scores 0.45 more. */
  slope: 4.5,
  /** Below this score a portrait is someone else, and is never delivered. */
  minScore: 0.25,
  /** At or above it the likeness is good (the bands customers and operators read). */
  goodScore: 0.7,
  /** A portrait's face sharper than the selfie check asks of a selfie is not blurred. */
  minSharpness: PHOTO_CHECK.minSharpness,
  /** Images a replacement may make until one passes; after that it is given back. */
  replacementAttempts: 3,
} as const;

/** Why a generated portrait is not delivered. */
export const LIKENESS_REASONS = ['noFace', 'severalFaces', 'faceCutOff', 'blurry', 'otherPerson'] as const;
export type LikenessReason = (typeof LIKENESS_REASONS)[number];

export interface LikenessVerdict {
  /** 0 to 1, higher is more like the customer; null when there was no reference to compare with. */
  score: number | null;
  /** Empty when the portrait can be delivered. */
  reasons: LikenessReason[];
}

/** The score of a mean descriptor distance: 1 for a close match, `minScore` at the threshold, 0 far off. */
export function likenessScore(distance: number): number {
  const score = LIKENESS.minScore + LIKENESS.slope * (LIKENESS.thresholdDistance - distance);
  return Number(Math.min(1, Math.max(0, score)).toFixed(3));
}

/** Mean distance from one face to every face of the reference. */
export function referenceDistance(descriptor: readonly number[], reference: readonly (readonly number[])[]): number {
  let sum = 0;
  for (const face of reference) sum += descriptorDistance(descriptor, face);
  return sum / reference.length;
}

/**
 * Judges one generated portrait. `reference` is null when the order has none (an order whose selfies
 * were gone before the check existed): the portrait is then judged on its own pixels, with no score.
 */
export function judgePortrait(portrait: PhotoAnalysis, reference: readonly (readonly number[])[] | null): LikenessVerdict {
  if (portrait.faces === 0 || !portrait.face) return { score: reference ? 0 : null, reasons: ['noFace'] };
  if (portrait.faces > 1) return { score: reference ? 0 : null, reasons: ['severalFaces'] };
  const reasons: LikenessReason[] = [];
  const { face } = portrait;
  const marginX = PHOTO_CHECK.edgeMargin * portrait.width;
  const marginY = PHOTO_CHECK.edgeMargin * portrait.height;
  const touchesEdge =
    face.x < marginX || face.y < marginY || face.x + face.width > portrait.width - marginX || face.y + face.height > portrait.height - marginY;
  if (touchesEdge || (portrait.landmarksOutside ?? 0) > 0) reasons.push('faceCutOff');
  if (portrait.sharpness !== undefined && portrait.sharpness < LIKENESS.minSharpness) reasons.push('blurry');
  if (!reference || reference.length === 0) return { score: null, reasons };
  const score = portrait.descriptor ? likenessScore(referenceDistance(portrait.descriptor, reference)) : 0;
  if (score < LIKENESS.minScore) reasons.unshift('otherPerson');
  return { score, reasons };
}
