import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Test selfies made from the group photos that ship with @vladmandic/face-api (demo/sample1-6.jpg):
 * one face cropped and varied (framing, zoom, tilt, light, mirror) gives several photos of one person;
 * the untouched group photos are the "several faces" case. Deterministic: the same call gives the
 * same bytes, so a process analyses each photo once.
 */
const DEMO = path.resolve('node_modules/@vladmandic/face-api/demo');

/** Faces in the demo photos as the detector boxes them, in pixels of the 1920 px originals. */
const PEOPLE = {
  /** sample1.jpg, the woman in the middle. */
  ada: { sample: 1, x: 837, y: 419, width: 187, height: 228 },
  /** sample6.jpg, the person on the right. */
  cyd: { sample: 6, x: 1487, y: 261, width: 211, height: 298 },
  /** sample3.jpg, the person on the left. */
  bea: { sample: 3, x: 585, y: 329, width: 199, height: 271 },
} as const;
export type Person = keyof typeof PEOPLE;

interface Variation {
  /** Width of the crop around the face, in face widths. */
  zoom: number;
  /** Shift of the face from the crop's centre, in face widths. */
  dx: number;
  dy: number;
  /** Tilt in degrees. */
  angle: number;
  /** Multiplier of brightness. */
  light: number;
  mirror: boolean;
}

/** Eleven framings of one face: enough for the 10-photo limit and an 11th beyond it. */
const VARIATIONS: Variation[] = [
  { zoom: 2.6, dx: 0, dy: 0.1, angle: 0, light: 1, mirror: false },
  { zoom: 3.0, dx: 0.3, dy: 0, angle: -6, light: 1.08, mirror: false },
  { zoom: 2.4, dx: -0.25, dy: 0.2, angle: 5, light: 0.94, mirror: false },
  { zoom: 2.8, dx: 0, dy: 0.3, angle: 0, light: 1, mirror: true },
  { zoom: 3.2, dx: -0.4, dy: 0.1, angle: 8, light: 1.12, mirror: false },
  { zoom: 2.5, dx: 0.35, dy: -0.05, angle: -3, light: 0.9, mirror: true },
  { zoom: 2.9, dx: 0.1, dy: 0.4, angle: 3, light: 1.05, mirror: false },
  { zoom: 2.7, dx: -0.1, dy: -0.1, angle: -8, light: 0.97, mirror: true },
  { zoom: 3.4, dx: 0.2, dy: 0.25, angle: 6, light: 1.15, mirror: false },
  { zoom: 2.45, dx: -0.3, dy: 0.35, angle: -5, light: 1.02, mirror: false },
  { zoom: 3.1, dx: 0.05, dy: -0.2, angle: 2, light: 0.92, mirror: true },
];

/** Output height: the face ends up about 260 px across, above the 200 px the check asks for. */
const FACE_WIDTH = 260;

async function framed(person: Person, v: Variation): Promise<Buffer> {
  const face = PEOPLE[person];
  const file = path.join(DEMO, `sample${face.sample}.jpg`);
  const { width: imageWidth = 0, height: imageHeight = 0 } = await sharp(file).metadata();
  const cropWidth = Math.round(face.width * v.zoom);
  const cropHeight = Math.round(cropWidth * 1.25);
  const centreX = face.x + face.width / 2 - v.dx * face.width;
  const centreY = face.y + face.height / 2 - v.dy * face.width;
  const left = Math.round(Math.min(Math.max(0, centreX - cropWidth / 2), imageWidth - cropWidth));
  const top = Math.round(Math.min(Math.max(0, centreY - cropHeight / 2), imageHeight - cropHeight));
  const scale = FACE_WIDTH / face.width;
  let image = sharp(file)
    .extract({ left, top, width: cropWidth, height: Math.min(cropHeight, imageHeight - top) })
    .resize(Math.round(cropWidth * scale), undefined, { kernel: 'lanczos3' });
  if (v.angle) {
    const turned = await image.rotate(v.angle, { background: '#808080' }).toBuffer({ resolveWithObject: true });
    // Cut the grey corners the tilt adds.
    const inset = Math.ceil(Math.sin((Math.abs(v.angle) * Math.PI) / 180) * Math.max(turned.info.width, turned.info.height) * 0.5);
    image = sharp(turned.data).extract({ left: inset, top: inset, width: turned.info.width - 2 * inset, height: turned.info.height - 2 * inset });
  }
  if (v.mirror) image = image.flop();
  if (v.light !== 1) image = image.modulate({ brightness: v.light });
  return image.jpeg({ quality: 88 }).toBuffer();
}

const made = new Map<string, Promise<Buffer>>();
function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let photo = made.get(key);
  if (!photo) {
    photo = make();
    made.set(key, photo);
  }
  return photo;
}

/** Photo `n` (1 to 11) of one person, each framed differently. */
export function selfie(person: Person = 'ada', n = 1): Promise<Buffer> {
  const variation = VARIATIONS[n - 1];
  if (!variation) throw new Error(`there are ${VARIATIONS.length} selfies of each person`);
  return once(`${person}-${n}`, () => framed(person, variation));
}

/**
 * The framings of each person that pass the check on their own: cyd's wider ones take in the person
 * beside them in the demo photo ("more than one person").
 */
const ALONE: Record<Person, number[]> = { ada: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], cyd: [1, 3, 6, 7, 8, 10], bea: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] };

/** `count` different usable photos of a person, for sets with two people (cyd has six). */
export function photosOf(person: Person, count: number): Promise<Buffer[]> {
  const framings = ALONE[person].slice(0, count);
  if (framings.length < count) throw new Error(`there are ${framings.length} usable photos of ${person}`);
  return Promise.all(framings.map((n) => selfie(person, n)));
}

/** `count` different photos of one person: an acceptable set. */
export function selfies(count: number, person: Person = 'ada'): Promise<Buffer[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => selfie(person, i + 1)));
}

/**
 * The other faces of the demo photos as the detector boxes them (all but ada, cyd and bea): nineteen
 * more people. sample1.jpg's right-hand face and sample4.jpg's last may be one person (their descriptors
 * are 0.45 apart); every other pair of the 21 faces is 0.5 or more apart.
 */
const OTHERS: readonly { sample: number; x: number; y: number; width: number; height: number }[] = [
  { sample: 1, x: 414, y: 355, width: 177, height: 240 },
  { sample: 1, x: 1476, y: 199, width: 203, height: 241 },
  { sample: 2, x: 1447, y: 153, width: 194, height: 242 },
  { sample: 2, x: 902, y: 220, width: 151, height: 233 },
  { sample: 2, x: 361, y: 126, width: 153, height: 259 },
  { sample: 3, x: 1514, y: 292, width: 170, height: 280 },
  { sample: 3, x: 1075, y: 215, width: 220, height: 299 },
  { sample: 4, x: 664, y: 53, width: 187, height: 258 },
  { sample: 4, x: 257, y: 185, width: 162, height: 245 },
  { sample: 4, x: 989, y: 180, width: 169, height: 227 },
  { sample: 4, x: 1277, y: 144, width: 145, height: 244 },
  { sample: 5, x: 787, y: 109, width: 156, height: 212 },
  { sample: 5, x: 1113, y: 198, width: 158, height: 236 },
  { sample: 5, x: 1406, y: 390, width: 165, height: 271 },
  { sample: 5, x: 598, y: 415, width: 166, height: 249 },
  { sample: 5, x: 377, y: 859, width: 172, height: 301 },
  { sample: 6, x: 681, y: 321, width: 160, height: 307 },
  { sample: 6, x: 1180, y: 305, width: 188, height: 280 },
  { sample: 6, x: 250, y: 468, width: 210, height: 291 },
];

/**
 * One photo of each of `count` other people (up to 19), head and shoulders and nobody else, the face
 * about 260 px across: the "someone else" a generator can draw instead of the customer.
 */
export function otherPeople(count = OTHERS.length): Promise<Buffer[]> {
  if (count > OTHERS.length) throw new Error(`there are ${OTHERS.length} other people`);
  return Promise.all(
    OTHERS.slice(0, count).map((face, i) =>
      once(`other-${i}`, async () => {
        const file = path.join(DEMO, `sample${face.sample}.jpg`);
        const { width: imageWidth = 0, height: imageHeight = 0 } = await sharp(file).metadata();
        // Tight enough (2.2 face widths) that no neighbour comes into the frame.
        const cropWidth = Math.round(face.width * 2.2);
        const cropHeight = Math.min(Math.round(cropWidth * 1.25), imageHeight);
        const left = Math.round(Math.min(Math.max(0, face.x + face.width / 2 - cropWidth / 2), imageWidth - cropWidth));
        const top = Math.round(Math.min(Math.max(0, face.y + face.height / 2 - 0.1 * face.width - cropHeight / 2), imageHeight - cropHeight));
        return sharp(file)
          .extract({ left, top, width: cropWidth, height: cropHeight })
          .resize(Math.round((cropWidth * FACE_WIDTH) / face.width), undefined, { kernel: 'lanczos3' })
          .jpeg({ quality: 88 })
          .toBuffer();
      }),
    ),
  );
}

/**
 * Photo `n` of a person made worse: out of focus (a Gaussian blur of `blur` px sigma) and in dimmer
 * light (brightness times `light`), as a phone in a dim room or a shaky hand makes it.
 */
export function degraded(person: Person, n: number, { blur = 0, light = 1 }: { blur?: number; light?: number }): Promise<Buffer> {
  return once(`${person}-${n}-blur${blur}-light${light}`, async () => {
    let image = sharp(await selfie(person, n));
    if (blur > 0) image = image.blur(blur);
    if (light !== 1) image = image.modulate({ brightness: light });
    return image.jpeg({ quality: 88 }).toBuffer();
  });
}

/**
 * The photos the check refuses or warns about. Those made from a good photo start from one of photos
 * 7 to 11, so that with the first six they are not also the same picture twice.
 */
export const badPhotos = {
  /** Several people side by side. */
  group: () => once('group', () => sharp(path.join(DEMO, 'sample1.jpg')).jpeg({ quality: 85 }).toBuffer()),
  /** Sky and wall, nobody. */
  noFace: () =>
    once('no-face', () =>
      sharp(path.join(DEMO, 'sample2.jpg')).extract({ left: 0, top: 700, width: 300, height: 400 }).resize(600, 800).jpeg({ quality: 85 }).toBuffer(),
    ),
  /** The person far away: the face about 90 px across. */
  tinyFace: () =>
    once('tiny-face', async () => {
      const photo = await selfie('ada', 9);
      const { width = 0 } = await sharp(photo).metadata();
      return sharp(photo)
        .resize({ width: Math.round((width * 90) / FACE_WIDTH) })
        .jpeg({ quality: 88 })
        .toBuffer();
    }),
  /** A quarter of the face outside the frame. */
  cutOff: () =>
    once('cut-off', async () => {
      const photo = await selfie('ada', 1);
      const { width = 0, height = 0 } = await sharp(photo).metadata();
      // The face is about FACE_WIDTH across, centred: start the frame a quarter of the way into it.
      const left = Math.round(width / 2 - FACE_WIDTH / 4);
      return sharp(photo)
        .extract({ left, top: 0, width: width - left, height })
        .jpeg({ quality: 88 })
        .toBuffer();
    }),
  /** Out of focus. */
  blurred: () =>
    once('blurred', async () =>
      sharp(await selfie('ada', 7))
        .blur(4)
        .jpeg({ quality: 88 })
        .toBuffer(),
    ),
  /** Taken in a dim room. */
  dark: () =>
    once('dark', async () =>
      sharp(await selfie('ada', 8))
        .modulate({ brightness: 0.45 })
        .jpeg({ quality: 88 })
        .toBuffer(),
    ),
  /** Someone else. */
  otherPerson: () => selfie('cyd', 1),
};

/** Writes photos to a folder (for a browser's file chooser) and returns their paths. */
export function writePhotos(folder: string, photos: { name: string; bytes: Buffer }[]): string[] {
  const dir = path.join(os.tmpdir(), folder);
  mkdirSync(dir, { recursive: true });
  return photos.map(({ name, bytes }) => {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    return file;
  });
}
