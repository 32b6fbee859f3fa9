import { createFaceAnalyzer } from '../src/server/providers/faces/face-analyzer.js';
import type { GenerationRequest } from '../src/server/providers/generator/generator.js';
import { createOfflineGenerator, type OfflineFault } from '../src/server/providers/generator/offline.js';
import { describeReference } from '../src/server/services/likeness/reference.js';
import { PORTRAIT_SIZE } from '../src/shared/limits.js';
import { judgePortrait, referenceDistance } from '../src/shared/likeness.js';
import { otherPeople, photosOf, type Person } from '../tests/support/face-photos.js';

/**
 * The likeness check on a labelled set, measured in a process of its own (so its memory is its own):
 * `tsx bench/likeness-measure.ts`. Prints one JSON line (see `Measured`). For each of three people, the
 * offline generator renders an order of 44 images from six of their selfies, 16 of them as ordered and
 * the rest spoilt on purpose (someone else, two people, nobody, blurred); each image is then analysed in
 * one face worker and judged against the person's reference, made from the same selfies as an order
 * makes it.
 */
export type Label = 'right' | 'wrong' | 'twoFaces' | 'noFace' | 'blurred';

export interface Judged {
  person: Person;
  label: Label;
  /** Mean descriptor distance to the reference; null when no single face was described. */
  distance: number | null;
  score: number;
  reasons: string[];
  sharpness: number | null;
  ms: number;
}

export interface Measured {
  images: Judged[];
  /** Reference descriptors per person (of six selfies each). */
  references: Record<string, number>;
  otherPeople: number;
  /** Process CPU time (every thread: the main one and the face worker) over the scoring, in ms. */
  cpuMs: number;
  wallMs: number;
  /** Resident memory before the worker started, after the models loaded, at the end, at the peak. */
  rss: { before: number; warm: number; after: number; peak: number };
  warmMs: number;
}

/** Which image numbers of an order are spoilt, and how: 16 as ordered, 16 someone else, 4 of each other fault. */
const PLAN: [Label, OfflineFault | undefined, number][] = [
  ['right', undefined, 16],
  ['wrong', 'otherPerson', 16],
  ['twoFaces', 'twoFaces', 4],
  ['noFace', 'noFace', 4],
  ['blurred', 'blurred', 4],
];
const planned = PLAN.flatMap(([label, fault, count]) => Array.from({ length: count }, () => ({ label, fault })));

/** The three people, each ordering a different category (its colour grade and backdrops). */
const ORDERS: { person: Person; answers: Record<string, unknown> }[] = [
  { person: 'ada', answers: { type: 'doctor', package: 'beta', background: ['clinic', 'studio_gray'], attire: ['white_coat'] } },
  { person: 'cyd', answers: { type: 'glamour', package: 'beta', background: ['city_skyline', 'studio_gray'], attire: ['evening_dress'] } },
  { person: 'bea', answers: { type: 'halloween_photos', package: 'beta', background: ['pumpkin_patch', 'castle_night'], attire: ['witch'] } },
];

const others = await otherPeople();
const rendered: { person: Person; label: Label; jpeg: Buffer }[] = [];
const selfiesOf = new Map<Person, Buffer[]>();
for (const [i, { person, answers }] of ORDERS.entries()) {
  const selfies = await photosOf(person, 6);
  selfiesOf.set(person, selfies);
  // Each order starts at another place in the list of other people, so all of them are drawn.
  const shifted = [...others.slice(i * 6), ...others.slice(0, i * 6)];
  const generator = createOfflineGenerator({ paceMs: 0, faults: { at: (_order, n) => planned[n - 1]?.fault, otherPerson: shifted } });
  const request: GenerationRequest = {
    orderId: `likeness-bench-${person}`,
    answers: answers as GenerationRequest['answers'],
    selfies: async () => selfies,
    total: planned.length,
    rounds: [planned.length],
    ...PORTRAIT_SIZE.standard,
    poses: null,
    combinations: null,
    providerRef: null,
    likenessRef: null,
    startedAt: new Date(),
    attempt: 1,
  };
  const have = new Set<number>();
  while (have.size < planned.length) {
    const step = await generator.advance(request, have);
    for (const image of step.portraits) {
      have.add(image.no);
      rendered.push({ person, label: planned[image.no - 1]?.label ?? 'right', jpeg: image.jpeg });
    }
  }
}

const rss = () => process.memoryUsage().rss;
const before = rss();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rss());
}, 10);

const analyzer = createFaceAnalyzer({ workers: 1, cacheEntries: 0 });
let started = performance.now();
await analyzer.warm();
const warmMs = performance.now() - started;
const warm = rss();

const references = new Map<Person, number[][]>();
for (const [person, selfies] of selfiesOf) references.set(person, await describeReference(analyzer, selfies));

const images: Judged[] = [];
const cpuStart = process.cpuUsage();
const wallStart = performance.now();
for (const { person, label, jpeg } of rendered) {
  started = performance.now();
  const analysis = await analyzer.analyze(jpeg);
  const reference = references.get(person) ?? null;
  const verdict = judgePortrait(analysis, reference);
  const ms = performance.now() - started;
  const distance = analysis.faces === 1 && analysis.descriptor && reference ? Number(referenceDistance(analysis.descriptor, reference).toFixed(4)) : null;
  images.push({ person, label, distance, score: verdict.score ?? 0, reasons: verdict.reasons, sharpness: analysis.sharpness ?? null, ms });
}
const wallMs = performance.now() - wallStart;
const cpu = process.cpuUsage(cpuStart);
clearInterval(sampler);
const after = rss();
peak = Math.max(peak, after);
await analyzer.close();

const measured: Measured = {
  images,
  references: Object.fromEntries([...references].map(([person, descriptors]) => [person, descriptors.length])),
  otherPeople: others.length,
  cpuMs: (cpu.user + cpu.system) / 1000,
  wallMs,
  rss: { before, warm, after, peak },
  warmMs,
};
console.log(JSON.stringify(measured));
