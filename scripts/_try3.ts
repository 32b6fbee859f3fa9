import { createFaceAnalyzer } from '../src/server/providers/faces/face-analyzer.ts';
import { selfie, badPhotos } from '../tests/support/face-photos.ts';
const a = createFaceAnalyzer({ workers: 2 });
const out: string[] = [];
for (const p of ['ada', 'cyd'] as const)
  for (let n = 1; n <= 11; n++) {
    const r = await a.analyze(await selfie(p, n));
    out.push(`${p}${n}:${r.sharpness}/${r.brightness}`);
  }
console.log(out.join(' '));
for (const [k, f] of Object.entries(badPhotos)) {
  const r = await a.analyze(await f());
  console.log(k, r.sharpness, r.brightness);
}
await a.close();
