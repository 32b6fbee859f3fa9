import { createHash } from 'node:crypto';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { GenerationRequest, GenerationStep, Generator } from './generator.js';

/**
 * What can go wrong with an image, as real generators get it wrong: someone else's face, two people, no
 * face at all, a blurred one. Only tests and benchmarks tell the offline generator to make these (see
 * `OfflineFaults`), so that the likeness check's effect is measured; `npm start` never does.
 */
export type OfflineFault = 'otherPerson' | 'twoFaces' | 'noFace' | 'blurred';

export interface OfflineFaults {
  /** The fault of image `n` of an order (a replacement's attempts count as `replacement`), or none. */
  at(orderId: string, n: number, kind: 'image' | 'replacement'): OfflineFault | undefined;
  /** Photos of another person, for `otherPerson`. */
  otherPerson: Buffer[];
}

/** A seed as a generator keeps it: an unsigned 32-bit number. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

/** A deterministic number in [0, 1) from a seed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Backdrop colours by the words in a backdrop id (studio_gray, hospital_corridor, christmas_tree...). */
const BACKDROP_TONES: [RegExp, [string, string]][] = [
  [/gray|grey|studio|office|corridor|clinic/, ['#cfd6df', '#5b6676']],
  [/blue|sky|beach|sea|city|skyline|window/, ['#bcd7f2', '#34567e']],
  [/green|park|garden|country|club|forest|mountain|trail/, ['#cfe3c6', '#3d5c3a']],
  [/christmas|fire|cafe|bokeh|warm|library|book/, ['#f3d2a8', '#7a3b22']],
  [/halloween|pumpkin|night|castle|magic|forest_glow/, ['#d9b5f0', '#2e1a47']],
  [/flower|spring|easter|arch|pastel|wedding/, ['#fbe3ec', '#b47a9a']],
];

function backdropSvg(width: number, height: number, backdropId: string, rand: () => number): Buffer {
  const [light, dark] = BACKDROP_TONES.find(([pattern]) => pattern.test(backdropId))?.[1] ?? ['#e5e7eb', '#475569'];
  const cx = 35 + rand() * 30;
  const bokeh = Array.from({ length: 14 }, () => {
    const r = (0.02 + rand() * 0.06) * width;
    return `<circle cx="${(rand() * width).toFixed(0)}" cy="${(rand() * height * 0.7).toFixed(0)}" r="${r.toFixed(0)}" fill="${light}" opacity="${(0.08 + rand() * 0.15).toFixed(2)}"/>`;
  }).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <radialGradient id="bg" cx="${cx}%" cy="30%" r="85%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient>
    <radialGradient id="vignette" cx="50%" cy="45%" r="75%"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>${bokeh}
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`);
}

/**
 * Soft edges for the subject: it fades out to the left, right and top, and stays whole at the bottom,
 * where it meets the frame as a head-and-shoulders portrait does. Two masks, applied one after the other.
 */
function maskSvgs(width: number, height: number): [Buffer, Buffer] {
  const svg = (gradient: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${gradient}</defs><rect width="100%" height="100%" fill="url(#m)"/></svg>`,
    );
  return [
    svg(
      `<linearGradient id="m" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.22" stop-color="#fff"/><stop offset="0.78" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
    ),
    svg(
      `<linearGradient id="m" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.18" stop-color="#fff"/><stop offset="1" stop-color="#fff"/></linearGradient>`,
    ),
  ];
}

/**
 * Where the face most likely is, as fractions of the photo: the centre of the skin-toned pixels (the
 * classic YCbCr skin rule) in a small copy, weighted towards the top where heads are. Undefined when too
 * little of the photo is skin-toned to tell.
 */
export async function faceCentre(selfie: Buffer): Promise<{ x: number; y: number } | undefined> {
  const { data, info } = await sharp(selfie).rotate().resize(96, 96, { fit: 'inside' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sumX = 0;
  let sumY = 0;
  let weight = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      if (cb < 77 || cb > 127 || cr < 133 || cr > 173) continue;
      const w = 1.5 - y / info.height;
      sumX += x * w;
      sumY += y * w;
      weight += w;
    }
  }
  if (weight < info.width * info.height * 0.02) return undefined;
  return { x: sumX / weight / info.width, y: sumY / weight / info.height };
}

/**
 * Head and shoulders: a window of the subject's shape around the face (zoomed in by `zoom`, the face
 * about a third of the way down), or sharp's attention crop when no face can be told.
 */
async function headAndShoulders(selfie: Buffer, width: number, height: number, zoom: number): Promise<Sharp> {
  const image = sharp(selfie).rotate();
  const face = await faceCentre(selfie);
  if (!face) return image.resize(width, height, { fit: 'cover', position: sharp.strategy.attention });
  const { width: w = 0, height: h = 0, orientation = 1 } = await image.metadata();
  // EXIF orientations 5-8 turn the photo a quarter: its upright width is its stored height.
  const meta = orientation >= 5 ? { width: h, height: w } : { width: w, height: h };
  const aspect = width / height;
  const windowHeight = Math.min(meta.height, meta.width / aspect) * zoom;
  const windowWidth = windowHeight * aspect;
  const clamp = (v: number, max: number) => Math.round(Math.max(0, Math.min(v, max)));
  const left = clamp(face.x * meta.width - windowWidth / 2, meta.width - windowWidth);
  const top = clamp(face.y * meta.height - windowHeight * 0.36, meta.height - windowHeight);
  return image.extract({ left, top, width: Math.floor(windowWidth), height: Math.floor(windowHeight) }).resize(width, height, { fit: 'cover' });
}

/** Colour grades by category: (brightness, saturation, hue shift, tint). */
const GRADES: Record<string, { brightness: number; saturation: number; hue: number; tint?: string }> = {
  glamour: { brightness: 0.95, saturation: 1.15, hue: 0, tint: '#f5d0c5' },
  oldmoney: { brightness: 1.02, saturation: 0.8, hue: 8, tint: '#efe3c8' },
  halloween_photos: { brightness: 0.9, saturation: 1.1, hue: -10, tint: '#e9c9ff' },
  christmas_photos: { brightness: 1.03, saturation: 1.1, hue: 5, tint: '#ffe2c4' },
  fantasy: { brightness: 1.0, saturation: 1.25, hue: -15, tint: '#d7e8ff' },
  wedding: { brightness: 1.08, saturation: 0.9, hue: 0, tint: '#fff1f4' },
};

interface RenderInput {
  width: number;
  height: number;
  answers: GenerationRequest['answers'];
  seed: number;
  /** The backdrop (the look's background). */
  backdropId: string;
  selfie: Buffer;
  fault?: OfflineFault;
  /** Another person's photo, for the `otherPerson` fault. */
  other?: Buffer;
}

/** The subject's head and shoulders, graded and with soft edges, as a PNG of the given size. */
async function subjectLayer(photo: Buffer, width: number, height: number, zoom: number, grade: (typeof GRADES)[string]): Promise<Buffer> {
  const [sides, top] = maskSvgs(width, height);
  return (await headAndShoulders(photo, width, height, zoom))
    .modulate({ brightness: grade.brightness, saturation: grade.saturation, hue: grade.hue })
    .linear(1.08, -8)
    .composite([
      { input: sides, blend: 'dest-in' },
      { input: top, blend: 'dest-in' },
    ])
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * The offline stand-in for a trained model, for development and demos: each portrait is the customer's
 * own selfie, cropped to head and shoulders around the face, placed on a backdrop rendered
 * for the chosen background, graded for the category, with framing varied by the seed.
 */
async function renderPortrait({ width, height, answers, seed, backdropId, selfie, fault, other }: RenderInput): Promise<Buffer> {
  const rand = seeded(seed);
  const grade = GRADES[answers.type] ?? { brightness: 1, saturation: 1.05, hue: 0 };

  // Framing varies: how much of the frame the subject fills, and where it sits.
  const scale = 0.78 + rand() * 0.17;
  const subjectWidth = Math.round(width * scale);
  const subjectHeight = Math.round(height * (0.72 + rand() * 0.12));
  const left = Math.round((width - subjectWidth) * (0.3 + rand() * 0.4));
  const top = height - subjectHeight;
  const zoom = 0.72 + rand() * 0.18;

  const layers: OverlayOptions[] = [];
  if (fault === 'twoFaces') {
    // The person drawn twice, side by side, as large as one would be: the two-people glitch a model
    // fine-tuned on one person makes (it has learnt one face, and repeats it).
    // Framed the same way every time (not by the seed), so that what it shows depends on the photo only.
    const pairWidth = Math.round(width / 2);
    const pairHeight = Math.round(height * 0.6);
    const figure = await subjectLayer(selfie, pairWidth, pairHeight, 0.9, grade);
    layers.push({ input: figure, left: 0, top: height - pairHeight });
    layers.push({ input: figure, left: width - pairWidth, top: height - pairHeight });
  } else if (fault !== 'noFace') {
    const photo = fault === 'otherPerson' && other ? other : selfie;
    layers.push({ input: await subjectLayer(photo, subjectWidth, subjectHeight, zoom, grade), left, top });
  }
  if (grade.tint) {
    const tint = await sharp({ create: { width, height, channels: 4, background: grade.tint } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    layers.push({ input: tint, blend: 'soft-light' });
  }
  const portrait = sharp(backdropSvg(width, height, backdropId, rand)).composite(layers);
  if (fault !== 'blurred') return portrait.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
  // A blur is applied to the finished image: sharp runs `blur` before `composite` in one pipeline.
  const flat = await portrait.png({ compressionLevel: 0 }).toBuffer();
  return sharp(flat)
    .blur(Math.max(6, width / 80))
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
}

/** The backdrop of a look (`attire|background`). */
function backdropOf(look: string | null | undefined): string {
  return look?.split('|')[1] || 'studio_gray';
}

/** The look of image `n`: the backgrounds (and attires) in turn, as the customer chose them. */
function lookOf(answers: GenerationRequest['answers'], n: number): string {
  const attires = answers.attire?.length ? answers.attire : ['business_attire'];
  const backgrounds = answers.background?.length ? answers.background : ['studio_gray'];
  return `${attires[(n - 1) % attires.length]}|${backgrounds[(n - 1) % backgrounds.length]}`;
}

/**
 * The plain image of a test harness: the photo itself cut to the portrait's size (the face stays, so the
 * likeness check still finds it), or nothing but a grey frame for `noFace`, encoded without mozjpeg. About a
 * sixth of `renderPortrait`'s CPU; only `BuildOptions.plainImages` chooses it (docs/decisions.md, Tests).
 */
async function plainPortrait({ width, height, selfie, fault, other }: RenderInput): Promise<Buffer> {
  const photo = fault === 'otherPerson' && other ? other : selfie;
  if (fault === 'noFace')
    return sharp({ create: { width, height, channels: 3, background: '#8a939e' } })
      .jpeg({ quality: 80 })
      .toBuffer();
  if (fault === 'twoFaces') {
    const half = await sharp(photo)
      .rotate()
      .resize(Math.round(width / 2), height, { fit: 'cover' })
      .toBuffer();
    return sharp({ create: { width, height, channels: 3, background: '#8a939e' } })
      .composite([
        { input: half, left: 0, top: 0 },
        { input: half, left: width - Math.round(width / 2), top: 0 },
      ])
      .jpeg({ quality: 80 })
      .toBuffer();
  }
  const image = sharp(photo).rotate().resize(width, height, { fit: 'cover' });
  return (fault === 'blurred' ? image.blur(Math.max(6, width / 80)) : image).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The offline stand-in for a trained model, for development and demos (see `renderPortrait`). One image
 * per step, `paceMs` apart, so progress is visible; output is deterministic per order and number.
 * `faults` (tests and benchmarks only) spoils some images the way real generators do. `plain` (test
 * harnesses only) makes `plainPortrait`s instead of rendered portraits.
 */
export function createOfflineGenerator({ paceMs, faults, plain = false }: { paceMs: number; faults?: OfflineFaults; plain?: boolean }): Generator {
  const otherFor = (n: number) => (faults && faults.otherPerson.length > 0 ? faults.otherPerson[n % faults.otherPerson.length] : undefined);
  const render = plain ? plainPortrait : renderPortrait;
  return {
    kind: 'offline',
    async advance(request, have): Promise<GenerationStep> {
      const next = Array.from({ length: request.total }, (_, i) => i + 1).find((n) => !have.has(n));
      if (next === undefined) return { portraits: [], selfiesConsumed: true };
      if (paceMs > 0 && have.size > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
      const selfies = await request.selfies();
      const look = lookOf(request.answers, next);
      const seed = seedOf(`${request.orderId}:${next}`);
      const jpeg = await render({
        width: request.width,
        height: request.height,
        answers: request.answers,
        seed,
        backdropId: backdropOf(look),
        selfie: selfies[(next - 1) % selfies.length] as Buffer,
        fault: faults?.at(request.orderId, next, 'image'),
        other: otherFor(next),
      });
      // The last image is made: the selfies are no longer needed.
      return { portraits: [{ no: next, jpeg, look, seed }], selfiesConsumed: have.size + 1 >= request.total };
    },
    /** Head-and-shoulders crops around each face, 512x640: all a later refresh needs of the selfies. */
    async likeness(selfies) {
      if (plain) return Promise.all(selfies.map((selfie) => sharp(selfie).rotate().resize(512, 640, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer()));
      return Promise.all(selfies.map(async (selfie) => (await headAndShoulders(selfie, 512, 640, 1)).jpeg({ quality: 88, mozjpeg: true }).toBuffer()));
    },
    /** One portrait from the kept likeness, in the replaced one's look, framed by the new seed. */
    async replace(request) {
      const likeness = await request.likeness();
      if (likeness.length === 0) return { failed: 'The images of the person kept for this order are gone' };
      const jpeg = await render({
        width: request.width,
        height: request.height,
        answers: request.answers,
        seed: request.seed,
        backdropId: backdropOf(request.look),
        selfie: likeness[request.seed % likeness.length] as Buffer,
        fault: faults?.at(request.orderId, request.seed, 'replacement'),
        other: otherFor(request.seed),
      });
      return { jpeg };
    },
  };
}
