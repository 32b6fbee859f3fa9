import { afterAll, describe, expect, it } from 'vitest';
import { createFaceAnalyzer } from '@/server/providers/faces/face-analyzer';
import { selfie } from '../support/face-photos';

describe('[faces] a customer waiting on a selfie check goes before generated portraits', () => {
  const faces = createFaceAnalyzer({ workers: 1, cacheEntries: 0 });
  afterAll(() => faces.close());

  it('checks a selfie sent after five background images before the last of them', async () => {
    await faces.warm();
    const finished: string[] = [];
    const track = (name: string, work: Promise<unknown>) => work.then(() => finished.push(name));
    // Every photo is made first, so the selfie is asked for the moment the five are queued.
    const background = await Promise.all([1, 2, 3, 4, 5].map((n) => selfie('ada', n)));
    const customer = await selfie('cyd', 1);
    const jobs = background.map((bytes, i) => track(`portrait ${i + 1}`, faces.analyze(bytes, { background: true })));
    jobs.push(track('selfie', faces.analyze(customer)));
    await Promise.all(jobs);
    // The worker holds two images at once: the selfie waits for a free place, then goes before the three
    // queued ahead of it. The worker may finish the image it took beside the selfie first (its decoding
    // runs on a thread pool), but never the two after: a plain queue would have the selfie last or next to last.
    const selfieAt = finished.indexOf('selfie');
    expect(finished.indexOf('portrait 4')).toBeGreaterThan(selfieAt);
    expect(finished.indexOf('portrait 5')).toBeGreaterThan(selfieAt);
    expect(finished).toHaveLength(6);
  });
});
