import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIKENESS } from '../src/shared/likeness.js';
import type { Judged, Label, Measured } from './likeness-measure.js';

/**
 * The likeness check of generated portraits on a labelled set: the right person, someone else, two
 * people, nobody, a blurred face, rendered by the offline generator for three people. How many of each
 * it rejects, their scores and distances, and what a scored image costs. The measuring runs in a process
 * of its own (bench/likeness-measure.ts), so the memory figures are the check's.
 */
export const name = 'likeness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;

/** What the check must reject of each label; undefined: reported, no target. */
const TARGETS: { label: Label; title: string; rejectAtLeast?: number; rejectAtMost?: number }[] = [
  { label: 'right', title: 'Right person', rejectAtMost: 0.05 },
  { label: 'wrong', title: 'Someone else', rejectAtLeast: 0.95 },
  { label: 'noFace', title: 'Nobody', rejectAtLeast: 0.95 },
  { label: 'twoFaces', title: 'The person twice' },
  { label: 'blurred', title: 'Blurred' },
];

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
};
const range = (values: number[], digits: number) =>
  values.length === 0 ? '–' : `${Math.min(...values).toFixed(digits)} / ${quantile(values, 0.5).toFixed(digits)} / ${Math.max(...values).toFixed(digits)}`;
const percent = (share: number) => `${(share * 100).toFixed(share === 0 || share === 1 ? 0 : 1)} %`;
const rejected = (images: Judged[]) => images.filter((image) => image.reasons.length > 0);
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** Whether the targets would be met if the check turned away everything farther than `threshold`. */
function meetsAt(images: Judged[], threshold: number): boolean {
  const rejectedAt = (image: Judged) => image.reasons.some((reason) => reason !== 'otherPerson') || image.distance === null || image.distance > threshold;
  return TARGETS.every(({ label, rejectAtLeast, rejectAtMost }) => {
    const of = images.filter((image) => image.label === label);
    const share = of.filter(rejectedAt).length / Math.max(1, of.length);
    return (rejectAtLeast === undefined || share >= rejectAtLeast) && (rejectAtMost === undefined || share <= rejectAtMost);
  });
}

function measure(): Measured {
  const out = execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'bench/likeness-measure.ts')], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * MB,
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Measured;
}

export async function run(): Promise<string> {
  // Other work on the machine slows every figure: the load at the start says how much there was.
  const load = os.loadavg()[0] ?? 0;
  const m = measure();
  const { images } = m;

  const verdictRows = TARGETS.map(({ label, title, rejectAtLeast, rejectAtMost }) => {
    const of = images.filter((image) => image.label === label);
    const share = rejected(of).length / Math.max(1, of.length);
    const reasons = new Map<string, number>();
    for (const image of rejected(of)) for (const reason of image.reasons) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    const target =
      rejectAtLeast !== undefined
        ? `at least ${percent(rejectAtLeast)}: ${share >= rejectAtLeast ? 'met' : '**not met**'}`
        : rejectAtMost !== undefined
          ? `at most ${percent(rejectAtMost)}: ${share <= rejectAtMost ? 'met' : '**not met**'}`
          : '';
    const distances = of.flatMap((image) => (image.distance === null ? [] : [image.distance]));
    return `| ${title} | ${of.length} | ${rejected(of).length} (${percent(share)}) | ${[...reasons].map(([reason, n]) => `${reason} ${n}`).join(', ') || '–'} | ${range(
      of.map((image) => image.score),
      2,
    )} | ${range(distances, 3)} (${distances.length}) | ${target} |`;
  });

  const people = [...new Set(images.map((image) => image.person))];
  const personRows = people.map((person) => {
    const cell = (label: Label) => {
      const of = images.filter((image) => image.person === person && image.label === label);
      const distances = of.flatMap((image) => (image.distance === null ? [] : [image.distance]));
      return `${rejected(of).length} of ${of.length} | ${range(distances, 3)}`;
    };
    return `| ${person} | ${m.references[person] ?? 0} | ${cell('right')} | ${cell('wrong')} |`;
  });

  const distancesOf = (label: Label) => images.flatMap((image) => (image.label === label && image.distance !== null ? [image.distance] : []));
  const farthestRight = Math.max(...distancesOf('right'));
  const nearestWrong = Math.min(...distancesOf('wrong'));
  const meeting: number[] = [];
  for (let t = 0.3; t <= 0.8 + 1e-9; t += 0.005) if (meetsAt(images, Number(t.toFixed(3)))) meeting.push(Number(t.toFixed(3)));
  const separated =
    farthestRight < nearestWrong
      ? `Any threshold distance between the two separates every right-person image from every other person.`
      : 'No threshold distance separates them all.';
  const thresholds =
    meeting.length === 0
      ? 'No threshold distance from 0.30 to 0.80 meets every target on this set.'
      : `Thresholds from ${Math.min(...meeting).toFixed(3)} to ${Math.max(...meeting).toFixed(3)} (steps of 0.005) meet the targets; the setting is ${LIKENESS.thresholdDistance}.`;
  const twoPassed = images.filter((image) => image.label === 'twoFaces' && image.reasons.length === 0).length;
  const twoNote =
    twoPassed === 0
      ? ''
      : ` ${twoPassed} of the images with the person drawn twice passed: the detector found only one of the two faces in them, so they were judged as a portrait of the customer alone.`;

  const perImage = images.map((image) => image.ms);
  const blurredSharpness = images.flatMap((image) => (image.label === 'blurred' && image.sharpness !== null ? [image.sharpness] : []));
  const rightSharpness = images.flatMap((image) => (image.label === 'right' && image.sharpness !== null ? [image.sharpness] : []));

  return `## Likeness check (\`npm run bench likeness\`)

${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${load.toFixed(1)} at the start, Node ${process.version}.
Settings: threshold distance ${LIKENESS.thresholdDistance}, slope ${LIKENESS.slope}, lowest score ${LIKENESS.minScore}, sharpness at least ${LIKENESS.minSharpness}.

The labelled set: for each of three people (ada, cyd and bea of tests/support/face-photos.ts, crops of
face-api's demo photos), an order of 44 images of 832x1216 rendered by the offline generator from six of
their selfies, in three categories (colour grades and backdrops): 16 as ordered (the right person), 16
with another person in their place (${m.otherPeople} other people of the demo photos, each order starting
at another place in the list), 4 with the person drawn twice side by side (the two-people glitch of a model fine-tuned on one face, framed the same way every time), 4 with nobody, 4 blurred. The reference
is made as an order makes it (\`describeReference\`: each selfie analysed, the descriptors of those
showing exactly one face kept). Each image is analysed in one face worker and judged by
\`judgePortrait\`. Score and distance: lowest / median / highest; the distance is the mean descriptor
distance to the reference, of the images in which one face was described (their number in brackets).

| Images | Made | Rejected | Reasons | Score | Distance | Target |
|---|---|---|---|---|---|---|
${verdictRows.join('\n')}

| Person | Reference descriptors | Right person rejected | Distance | Someone else rejected | Distance |
|---|---|---|---|---|---|
${personRows.join('\n')}

The farthest right-person image measured ${farthestRight.toFixed(3)} from its reference, the nearest
other person ${nearestWrong.toFixed(3)}. ${separated} ${thresholds}${twoNote} The offline generator pastes the selfie's own
pixels into its portraits, so its right-person distances are closer than a trained model's will be;
the figures of a real provider's portraits are to be measured on its output. The blurred images
measured sharpness ${range(blurredSharpness, 1)}, the right-person ones ${range(rightSharpness, 1)}
(the check asks for ${LIKENESS.minSharpness}).

Cost, one face worker (TensorFlow.js WebAssembly, one thread), images scored one after the other:

| Measure | Value |
|---|---|
| CPU per scored image (the whole process: main thread and worker, \`process.cpuUsage\`) | ${Math.round(m.cpuMs / images.length)} ms |
| Time per scored image, median / p95 | ${Math.round(quantile(perImage, 0.5))} / ${Math.round(quantile(perImage, 0.95))} ms |
| ${images.length} images scored in | ${(m.wallMs / 1000).toFixed(1)} s |
| Worker start-up (models loaded) | ${Math.round(m.warmMs)} ms |
| Resident memory before the worker started | ${mb(m.rss.before)} |
| Added once the models loaded | ${mb(m.rss.warm - m.rss.before)} |
| Added after scoring every image / at the peak | ${mb(m.rss.after - m.rss.before)} / ${mb(m.rss.peak - m.rss.before)} |
`;
}
