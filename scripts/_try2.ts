import { createFaceAnalyzer } from '../src/server/providers/faces/face-analyzer.ts';
import { selfies, badPhotos } from '../tests/support/face-photos.ts';
import { setReasons, photoReasons } from '../src/shared/photo-check.ts';
const a = createFaceAnalyzer({ workers: 2 });
for (const [k, f] of Object.entries(badPhotos)) {
  const r = await a.analyze(await f());
  console.log(k, photoReasons(r), r.faces, r.face, r.sharpness, r.brightness);
}
const six = await Promise.all((await selfies(6)).map((b) => a.analyze(b)));
console.log(setReasons([...six, six[2]]));
console.log(setReasons([...six, await a.analyze(await badPhotos.otherPerson())]));
await a.close();
