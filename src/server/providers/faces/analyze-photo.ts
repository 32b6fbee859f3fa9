import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type * as FaceApi from '@vladmandic/face-api';
import { PHOTO_CHECK, type PhotoAnalysis } from '../../../shared/photo-check.js';
import { LIMITS, PHOTO_LONG_SIDE } from '../../../shared/limits.js';
import { createSsdDetector } from './ssd-detector.js';

/**
 * The face analysis of one photo, run inside a face worker (face-worker.ts): face-api's SSD MobileNet
 * detector, 68-point landmarks and 128-d recognition net on TensorFlow.js's WebAssembly backend, with
 * the models and the WebAssembly binaries read from node_modules (nothing is downloaded).
 */
const require = createRequire(import.meta.url);

/** The bytes do not decode as an image (damaged or cut short). */
export class UnreadablePhotoError extends Error {
  override name = 'UnreadablePhotoError';
}

/**
 * Side of the square the detector is handed: SSD MobileNet looks at 512x512 whatever it gets, and a
 * tensor of the same size every time lets the WebAssembly heap reuse its blocks instead of growing.
 */
const DETECTION_SIDE = 512;
/** Long side of the upright copy the face region and the hash are measured on. */
const MEASURE_LONG_SIDE = 1024;
/** Width the face region is scaled to before its sharpness is measured, so sizes compare. */
const SHARPNESS_WIDTH = 128;

type Models = { faceapi: typeof FaceApi; tf: typeof FaceApi.tf; detect: ReturnType<typeof createSsdDetector> };
let models: Promise<Models> | undefined;

/** Loads the backend and the three nets once per worker, on first use. */
export function loadModels(): Promise<Models> {
  models ??= (async () => {
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    // face-api's WebAssembly build runs on the @tensorflow/tfjs it requires, and hands it out as `tf`.
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;
    const { tf } = faceapi;
    // A file path, not a URL: `false` makes the backend read the binaries instead of fetching them.
    wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`, false);
    const engine = require('@tensorflow/tfjs') as { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };
    await engine.setBackend('wasm');
    await engine.ready();
    const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
    return { faceapi, tf, detect: createSsdDetector(tf, faceapi.nets.ssdMobilenetv1) };
  })();
  return models;
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

async function rawImage(image: Sharp): Promise<Raw> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** 64-bit difference hash: a 9x8 grey thumbnail, one bit per pair of neighbours. */
async function differenceHash(upright: Raw): Promise<string> {
  const { data } = await rawImage(
    sharp(upright.data, { raw: { width: upright.width, height: upright.height, channels: 3 } })
      .greyscale()
      .resize(9, 8, { fit: 'fill' }),
  );
  let hex = '';
  for (let row = 0; row < 8; row++) {
    let byte = 0;
    for (let col = 0; col < 8; col++) byte = (byte << 1) | ((data[row * 9 + col] ?? 0) > (data[row * 9 + col + 1] ?? 0) ? 1 : 0);
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/**
 * Mean luminance of the face region, and the variance of its Laplacian at a fixed width with the
 * contrast stretched to the full range (1st to 99th percentile), so a dim but sharp face is not blurry.
 */
async function faceQuality(upright: Raw, box: { x: number; y: number; width: number; height: number }) {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const width = Math.max(1, Math.min(upright.width - left, Math.round(box.width)));
  const height = Math.max(1, Math.min(upright.height - top, Math.round(box.height)));
  const {
    data,
    width: w,
    height: h,
  } = await rawImage(
    sharp(upright.data, { raw: { width: upright.width, height: upright.height, channels: 3 } })
      .extract({ left, top, width, height })
      .resize({ width: SHARPNESS_WIDTH })
      .greyscale(),
  );
  const sorted = Uint8Array.from(data).sort();
  const percentile = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  let sum = 0;
  for (const value of data) sum += value;
  const stretch = 255 / Math.max(16, percentile(0.99) - percentile(0.01));
  const at = (i: number) => data[i] ?? 0;
  let lapSum = 0;
  let lapSquares = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const lap = at(i - w) + at(i + w) + at(i - 1) + at(i + 1) - 4 * at(i);
      lapSum += lap;
      lapSquares += lap * lap;
      n++;
    }
  }
  const variance = n > 0 ? lapSquares / n - (lapSum / n) ** 2 : 0;
  return { brightness: sum / data.length, sharpness: variance * stretch * stretch };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

const sharpOf = (raw: Raw) => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });

/** The photo brightened to the full range of light and sharpened: a second look for a face missed. */
function enhanced(upright: Raw): Sharp {
  return sharpOf(upright).normalise({ lower: 1, upper: 99 }).sharpen({ sigma: 2, m1: 2, m2: 4 });
}

/** The photo fills the square from its top left corner; the rest is black, as the detector pads itself. */
async function detectionPixels(image: Sharp, content: { width: number; height: number }): Promise<Buffer> {
  const { data } = await rawImage(
    image
      .resize(content.width, content.height)
      .extend({ right: DETECTION_SIDE - content.width, bottom: DETECTION_SIDE - content.height, background: '#000000' }),
  );
  return data;
}

/**
 * Measures one photo: its faces (ignoring much smaller ones far behind), the main face's box, how many
 * of its landmarks fall outside the frame, its sharpness and brightness, its descriptor, and the
 * whole photo's hash. Sizes are in pixels of the photo as it will be stored (long side up to 2048).
 */
export async function analyzePhoto(bytes: Uint8Array): Promise<PhotoAnalysis> {
  const { faceapi, tf, detect } = await loadModels();
  let upright: Raw;
  let original: { width: number; height: number };
  try {
    upright = await rawImage(
      sharp(bytes, { failOn: 'error', limitInputPixels: LIMITS.photoMaxPixels })
        .rotate()
        .resize(MEASURE_LONG_SIDE, MEASURE_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
        .removeAlpha(),
    );
    const meta = await sharp(bytes).metadata();
    original = (meta.orientation ?? 1) >= 5 ? { width: meta.height ?? 0, height: meta.width ?? 0 } : { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch (error) {
    throw new UnreadablePhotoError(error instanceof Error ? error.message : String(error));
  }
  // The photo is stored with its long side at most PHOTO_LONG_SIDE: sizes are reported at that scale.
  const storedScale = Math.min(1, PHOTO_LONG_SIDE / Math.max(original.width, original.height));
  /** From the measuring copy's pixels to the stored photo's. */
  const toStored = (original.width * storedScale) / upright.width;
  const stored = { width: Math.round(upright.width * toStored), height: Math.round(upright.height * toStored) };
  const hash = await differenceHash(upright);

  // A face a person sees at once in a dim or soft photo can escape the detector: before saying there is
  // no face, look again at a copy with its light stretched and its edges sharpened, then at that copy
  // made smaller, where a blur spans fewer pixels. Light and sharpness are still measured on the photo
  // itself, so it gets the warning it deserves.
  const looks = [
    { image: () => sharpOf(upright), scale: 1 },
    { image: () => enhanced(upright), scale: 1 },
    { image: () => enhanced(upright), scale: 0.5 },
    { image: () => enhanced(upright), scale: 0.3 },
  ];
  let content = { width: 0, height: 0 };
  let tensor: FaceApi.tf.Tensor3D | undefined;
  try {
    let detections: Awaited<ReturnType<typeof detect>> = [];
    for (const look of looks) {
      const toDetection = (look.scale * DETECTION_SIDE) / Math.max(upright.width, upright.height);
      content = { width: Math.round(upright.width * toDetection), height: Math.round(upright.height * toDetection) };
      tensor?.dispose();
      tensor = tf.tensor3d(await detectionPixels(look.image(), content), [DETECTION_SIDE, DETECTION_SIDE, 3], 'int32');
      detections = await detect(tensor, { minScore: 0.5, maxResults: 20 });
      if (detections.length > 0) break;
    }
    const main = [...detections].sort((a, b) => b.width - a.width)[0];
    if (!main || !tensor) return { ...stored, faces: 0, hash };
    const faces = detections.filter((d) => d.width >= PHOTO_CHECK.backgroundFaceRatio * main.width).length;
    const toMeasure = upright.width / content.width;
    const measureBox = { x: main.x * toMeasure, y: main.y * toMeasure, width: main.width * toMeasure, height: main.height * toMeasure };
    const face = {
      x: round(measureBox.x * toStored, 1),
      y: round(measureBox.y * toStored, 1),
      width: round(measureBox.width * toStored, 1),
      height: round(measureBox.height * toStored, 1),
    };
    const quality = await faceQuality(upright, measureBox);
    const analysis: PhotoAnalysis = {
      ...stored,
      faces,
      face,
      sharpness: round(quality.sharpness, 1),
      brightness: round(quality.brightness, 1),
      hash,
    };
    if (faces > 1) return analysis;
    // face-api's detection takes its box relative to the image (0 to 1).
    const relative = new faceapi.Rect(main.x / DETECTION_SIDE, main.y / DETECTION_SIDE, main.width / DETECTION_SIDE, main.height / DETECTION_SIDE);
    const detection = new faceapi.FaceDetection(main.score, relative, {
      width: DETECTION_SIDE,
      height: DETECTION_SIDE,
    });
    const described = await new faceapi.DetectSingleFaceLandmarksTask(Promise.resolve({ detection }), tensor, false).withFaceDescriptor();
    if (!described) return analysis;
    const outside = described.landmarks.positions.filter((p) => p.x < 0 || p.y < 0 || p.x > content.width || p.y > content.height).length;
    return { ...analysis, landmarksOutside: outside, descriptor: Array.from(described.descriptor, (v) => round(v, 5)) };
  } finally {
    tensor?.dispose();
  }
}
