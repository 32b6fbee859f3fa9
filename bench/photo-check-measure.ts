import sharp from 'sharp';
import { createFaceAnalyzer } from '../src/server/providers/faces/face-analyzer.js';
import { selfies } from '../tests/support/face-photos.js';

/**
 * One configuration of the selfie check, measured in a process of its own (so its memory is its own):
 * `tsx bench/photo-check-measure.ts WORKERS`. Prints one JSON line. Photos are 10 different selfies
 * enlarged to 2048 px on the long side, the largest the browser sends.
 */
const workers = Number(process.argv[2] ?? 1);
const SINGLE_RUNS = 20;
const SET_RUNS = 5;

const photos = await Promise.all((await selfies(10)).map((photo) => sharp(photo).resize(2048, 2048, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer()));
const rss = () => process.memoryUsage().rss;
let peak = rss();
const sampler = setInterval(() => {
  peak = Math.max(peak, rss());
}, 10);
const baseline = rss();

const analyzer = createFaceAnalyzer({ workers, cacheEntries: 0 });
let started = performance.now();
await analyzer.warm();
const startupMs = performance.now() - started;
const afterLoad = rss();

const single: number[] = [];
for (let i = 0; i < SINGLE_RUNS; i++) {
  started = performance.now();
  await analyzer.analyze(photos[i % photos.length]!);
  single.push(performance.now() - started);
}
const sets: number[] = [];
for (let i = 0; i < SET_RUNS; i++) {
  started = performance.now();
  await Promise.all(photos.map((photo) => analyzer.analyze(photo)));
  sets.push(performance.now() - started);
}
clearInterval(sampler);
peak = Math.max(peak, rss());
await analyzer.close();
console.log(JSON.stringify({ workers, startupMs, baseline, afterLoad, peak, single, sets }));
