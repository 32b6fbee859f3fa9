import { createHash } from 'node:crypto';
import type { FaceAnalyzer } from '@/server/providers/faces/face-analyzer';
import type { Generator } from '@/server/providers/generator/generator';
import { createOfflineGenerator, type OfflineFault, type OfflineFaults } from '@/server/providers/generator/offline';
import { normalizePhoto } from '@/server/services/checkout/normalize-photo';
import type { PhotoAnalysis } from '@/shared/photo-check';
import { goodAnalysis } from '../../support/photo-analysis';
import { buildTestApp, type TestApp } from './app';
import { makePhotos } from './photos';

/**
 * Face analysis from a script, for the tests about likeness decisions: each image is known by the SHA-256
 * of its bytes and answers the measurements scripted for it, so `judgePortrait` reaches the verdict the
 * test means (someone else, two people, nobody, a blurred face, a score) without the face models. Ada,
 * the customer of `placePaidOrder`, has a face near the all-zero descriptor; strangers are far from it.
 * An image nobody scripted throws an error naming it, and is listed in `unknown`, since the reference
 * leaves out images it cannot analyse instead of failing.
 */
export interface ScriptedFaces extends FaceAnalyzer {
  /** Scripts `analysis` for the image `bytes`; `label` names it in errors. The same bytes scripted twice must agree. */
  script(bytes: Uint8Array, analysis: PhotoAnalysis, label: string): void;
  /** The images analysed that no script knew, as their errors name them: a test expects none. */
  readonly unknown: string[];
}

/** What a scripted generator spoils, or does not keep, of one order. */
export interface OrderScript {
  /** The fault of image `n` of the order's rounds. */
  image?: (n: number) => OfflineFault | undefined;
  /** The fault of a replacement's image, by its seed. */
  replacement?: (seed: number) => OfflineFault | undefined;
  /** `false`: nothing of the person is kept when the selfies go (the product's generators always keep it). */
  keepsLikeness?: boolean;
}

const DESCRIPTOR_LENGTH = 128;
/** The axis along which generated portraits of ada lie; her selfies vary along the axes before it. */
const PORTRAIT_AXIS = 100;
/** A stranger's face: 0.9 from ada's, far past `LIKENESS.thresholdDistance`. */
const STRANGER = faceAt(0.9, PORTRAIT_AXIS + 1);
/** A blurred face's sharpness: well below `LIKENESS.minSharpness`. */
const BLURRED_SHARPNESS = 20;
/** Scripted images are this many times smaller than the portraits asked for: only their bytes matter. */
const SHRINK = 16;

/** The hex SHA-256 of an image: how the script knows it. */
function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A descriptor `distance` away from ada's face (all zeros) along one axis. */
function faceAt(distance: number, axis: number): number[] {
  return Array.from({ length: DESCRIPTOR_LENGTH }, (_, i) => (i === axis ? distance : 0));
}

/** The analyzer itself: answers what was scripted for the bytes, or throws naming them. */
export function createScriptedFaces(): ScriptedFaces {
  const scripted = new Map<string, { analysis: PhotoAnalysis; label: string }>();
  const unknown: string[] = [];
  return {
    unknown,
    script(bytes, analysis, label) {
      const key = sha256(bytes);
      const earlier = scripted.get(key);
      if (earlier && JSON.stringify(earlier.analysis) !== JSON.stringify(analysis)) {
        throw new Error(`scripted faces: "${label}" has the same bytes as "${earlier.label}" but another analysis`);
      }
      if (!earlier) scripted.set(key, { analysis, label });
    },
    async analyze(bytes) {
      const known = scripted.get(sha256(bytes));
      if (known) return structuredClone(known.analysis);
      const name = `an unscripted image (sha256 ${sha256(bytes).slice(0, 16)}, ${bytes.length} bytes)`;
      unknown.push(name);
      throw new Error(`scripted faces: no analysis was scripted for ${name}`);
    },
    async warm() {},
    async close() {},
  };
}

/** Ada's photo `i` (from 0): one face, a little apart from her other photos, its own picture hash. */
function adaAnalysis(i: number, bytes: Uint8Array): PhotoAnalysis {
  return goodAnalysis({ descriptor: faceAt(0.02, i), hash: sha256(bytes).slice(0, 16) });
}

const stored = new Map<Buffer, Promise<Buffer>>();

/** A selfie as the checkout stores it (normalized), worked out once per photo. */
function storedForm(photo: Buffer, label: string): Promise<Buffer> {
  let jpeg = stored.get(photo);
  if (!jpeg) {
    jpeg = normalizePhoto(photo, label).then((normalized) => normalized.jpeg);
    stored.set(photo, jpeg);
  }
  return jpeg;
}

/**
 * Scripts ada's selfies both as the checkout receives them (the selfie check) and as it stores them
 * (the bytes the reference is made from), so each is the same face either way.
 */
export async function scriptSelfies(faces: ScriptedFaces, photos: readonly Buffer[]): Promise<void> {
  for (const [i, photo] of photos.entries()) {
    const analysis = adaAnalysis(i, photo);
    faces.script(photo, analysis, `ada's selfie ${i + 1}`);
    faces.script(await storedForm(photo, `selfie ${i + 1}`), analysis, `ada's stored selfie ${i + 1}`);
  }
}

/**
 * What the analysis measures of a generated image with `fault` (none: a good portrait of ada), so that
 * `judgePortrait` gives it that fault's reason. A portrait of ada lies 0.34 to 0.46 from her face, by
 * its bytes, so that portraits score differently (about 0.43 to 0.97) and can be ranked.
 */
export function portraitAnalysis(fault: OfflineFault | undefined, bytes: Uint8Array): PhotoAnalysis {
  const ada = faceAt(0.34 + (0.12 * Number.parseInt(sha256(bytes).slice(0, 2), 16)) / 255, PORTRAIT_AXIS);
  const hash = sha256(bytes).slice(0, 16);
  switch (fault) {
    case 'otherPerson':
      return goodAnalysis({ descriptor: STRANGER, hash });
    case 'twoFaces':
      return goodAnalysis({ faces: 2, descriptor: ada, hash });
    case 'noFace':
      return { ...goodAnalysis({ faces: 0, hash }), face: undefined, descriptor: undefined, landmarksOutside: undefined };
    case 'blurred':
      return goodAnalysis({ sharpness: BLURRED_SHARPNESS, descriptor: ada, hash });
    default:
      return goodAnalysis({ descriptor: ada, hash });
  }
}

/** The offline generator's `faults.at` that follows the orders' scripts. */
export function scriptedFaults(scripts: ReadonlyMap<string, OrderScript>): OfflineFaults['at'] {
  return (orderId, n, kind) => scripts.get(orderId)?.[kind]?.(n);
}

/**
 * Wraps a generator (told the same faults, `scriptedFaults(scripts)`) for scripted face analysis: it asks
 * for images a sixteenth of the size (the script, not the pixels, decides each verdict), scripts each image
 * with the analysis its fault implies, and scripts what it keeps of the person as ada. An order whose script
 * says `keepsLikeness: false` keeps nothing: `likeness` is not told the order, but is asked within the
 * order's generation, after its images, so it follows the order whose images were made last.
 */
export function scriptedGenerator(inner: Generator, faces: ScriptedFaces, scripts: ReadonlyMap<string, OrderScript> = new Map()): Generator {
  const faultOf = scriptedFaults(scripts);
  const small = <R extends { width: number; height: number }>(request: R): R => ({
    ...request,
    width: Math.round(request.width / SHRINK),
    height: Math.round(request.height / SHRINK),
  });
  const scriptPortrait = (jpeg: Buffer, fault: OfflineFault | undefined, label: string) => faces.script(jpeg, portraitAnalysis(fault, jpeg), label);
  let lastOrder: string | undefined;
  const generator: Generator = {
    ...inner,
    async advance(request, have) {
      lastOrder = request.orderId;
      const step = await inner.advance(small(request), have);
      for (const { no, jpeg } of step.portraits) scriptPortrait(jpeg, faultOf(request.orderId, no, 'image'), `image ${no} of ${request.orderId}`);
      return step;
    },
    async replace(request) {
      const step = await inner.replace(small(request));
      const fault = faultOf(request.orderId, request.seed, 'replacement');
      if (step.jpeg) scriptPortrait(step.jpeg, fault, `replacement ${request.key} of ${request.orderId}`);
      return step;
    },
  };
  const { likeness } = inner;
  if (!likeness) return generator;
  return {
    ...generator,
    async likeness(selfies) {
      const keeps = lastOrder === undefined || scripts.get(lastOrder)?.keepsLikeness !== false;
      const kept = keeps ? await likeness(selfies) : [];
      for (const [i, jpeg] of kept.entries()) faces.script(jpeg, adaAnalysis(i, jpeg), `ada's kept likeness ${i + 1}`);
      return kept;
    },
  };
}

/**
 * An app whose likeness check runs on scripted faces: ada's six selfies scripted, and the offline generator
 * (no pacing, plain images) spoiling each order as `scripts` says, with `otherPerson` for a stranger's face.
 * `scripts` is read as the orders generate, so a test may script its order after placing it.
 */
export async function buildScriptedLikenessApp(
  env: Record<string, string>,
  scripts: ReadonlyMap<string, OrderScript>,
  otherPerson: Buffer[] = [],
): Promise<{ t: TestApp; faces: ScriptedFaces }> {
  const faces = createScriptedFaces();
  await scriptSelfies(faces, await makePhotos(6));
  const offline = createOfflineGenerator({ paceMs: 0, plain: true, faults: { at: scriptedFaults(scripts), otherPerson } });
  const t = await buildTestApp(env, { faces, generator: scriptedGenerator(offline, faces, scripts) });
  return { t, faces };
}
