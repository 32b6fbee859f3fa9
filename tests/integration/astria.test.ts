import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASTRIA_BASE_TUNE_ID, createAstriaGenerator, type AstriaOptions } from '@/server/providers/generator/astria';
import { callbackSecret, callbackUrl, verifyCallback } from '@/server/providers/generator/astria-callback';
import type { GenerationRequest, GenerationStep } from '@/server/providers/generator/generator';
import { findPackage } from '@/shared/catalog/packages';
import { ZPortraitInfoSchema } from '@/shared/contracts/checkout';
import { PORTRAIT_SIZE } from '@/shared/limits';
import { startAstriaApi } from './helpers/astria-api';
import { doctorAnswers, makePhotos } from './helpers/photos';

const API_KEY = 'sd_test_portrait_studio';
const PUBLIC_URL = 'https://portraits.example.com';
const HOUR = 3600_000;

describe('[astria] generator against a stand-in of the tunes API', () => {
  let api: Awaited<ReturnType<typeof startAstriaApi>>;
  let selfies: Buffer[];
  let sleeps: number[];

  beforeAll(async () => {
    api = await startAstriaApi({ apiKey: API_KEY });
    selfies = await makePhotos(6);
  });
  afterAll(() => api.close());
  beforeEach(() => {
    sleeps = [];
  });

  function generator(options: AstriaOptions = {}, apiKey = API_KEY) {
    return createAstriaGenerator({ apiKey, apiUrl: api.url }, PUBLIC_URL, {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    });
  }

  function requestFor(overrides: Record<string, unknown> = {}, providerRef: string | null = null): GenerationRequest {
    const answers = ZPortraitInfoSchema.parse(doctorAnswers(overrides));
    const pkg = findPackage(answers.package)!;
    const size = pkg.largeImages ? PORTRAIT_SIZE.large : PORTRAIT_SIZE.standard;
    return {
      orderId: randomUUID(),
      answers,
      selfies: async () => selfies,
      total: pkg.portraits,
      width: size.width,
      height: size.height,
      poses: pkg.poses,
      combinations: pkg.combinations,
      providerRef,
    };
  }

  /** Creates the order's tune; returns the request carrying its reference, as the service would store it. */
  async function startTune(overrides: Record<string, unknown> = {}) {
    const request = requestFor(overrides);
    const step = await generator().advance(request, new Set());
    return { ...request, providerRef: step.providerRef! };
  }

  /** Advances until the generator asks to wait, fails or has delivered everything, as the job does. */
  async function drain(request: GenerationRequest, have: Set<number>, options: AstriaOptions = {}) {
    const delivered: GenerationStep['portraits'] = [];
    for (let i = 0; i < 50; i++) {
      const step = await generator(options).advance(request, have);
      for (const p of step.portraits) {
        delivered.push(p);
        have.add(p.no);
      }
      if (step.retryAfterMs !== undefined || step.failed || have.size >= request.total) return { delivered, last: step };
    }
    throw new Error('generation did not settle');
  }

  const fieldOf = (fields: [string, string][], key: string) => fields.find(([k]) => k === key)?.[1];
  const promptsOf = (fields: [string, string][]) => {
    const prompts: { text: string; num_images: number; w: number; h: number; callback: string }[] = [];
    for (let i = 0; fieldOf(fields, `tune[prompts_attributes][${i}][text]`) !== undefined; i++) {
      const attr = (name: string) => fieldOf(fields, `tune[prompts_attributes][${i}][${name}]`)!;
      prompts.push({ text: attr('text'), num_images: Number(attr('num_images')), w: Number(attr('w')), h: Number(attr('h')), callback: attr('callback') });
    }
    return prompts;
  };

  it('creates the tune with the six selfies, the class name, the order id as title and a signed callback', async () => {
    const request = requestFor();
    const step = await generator().advance(request, new Set());

    expect(step).toEqual({ portraits: [], selfiesConsumed: true, providerRef: expect.stringMatching(/^\d+$/), retryAfterMs: 60_000 });
    const created = api.calls('POST', '/tunes').at(-1)!;
    expect(created.authorization).toBe(`Bearer ${API_KEY}`);
    expect(created.files).toHaveLength(6);
    expect(created.files.every((f) => f.field === 'tune[images][]' && f.type === 'image/jpeg' && f.size > 0)).toBe(true);
    expect(fieldOf(created.fields, 'tune[title]')).toBe(request.orderId);
    expect(fieldOf(created.fields, 'tune[name]')).toBe('woman');
    expect(fieldOf(created.fields, 'tune[base_tune_id]')).toBe(String(ASTRIA_BASE_TUNE_ID));
    expect(fieldOf(created.fields, 'tune[model_type]')).toBe('lora');
    const callback = fieldOf(created.fields, 'tune[callback]')!;
    expect(callback).toBe(callbackUrl(PUBLIC_URL, request.orderId, callbackSecret(API_KEY, request.orderId)));
    const params = new URL(callback).searchParams;
    expect(new URL(callback).pathname).toBe('/v1/providers/astria/callback');
    expect(verifyCallback(API_KEY, params.get('order'), params.get('secret'))).toBe(true);
    expect(api.tune(step.providerRef!).title).toBe(request.orderId);
  });

  it('attaches prompts built from the answers whose num_images add up to the package count', async () => {
    const request = requestFor({ package: 'pro' });
    await generator().advance(request, new Set());
    const prompts = promptsOf(api.calls('POST', '/tunes').at(-1)!.fields);

    expect(prompts.reduce((sum, p) => sum + p.num_images, 0)).toBe(60);
    expect(prompts.every((p) => p.num_images >= 1 && p.num_images <= 8)).toBe(true);
    expect(prompts.every((p) => p.w === 832 && p.h === 1216)).toBe(true);
    expect(prompts.every((p) => p.text.startsWith('ohwx woman, 30-40 years old, olive skin, bob cut brown hair, regular build, wearing '))).toBe(true);
    expect(prompts.every((p) => p.text.includes('no glasses, professional doctor portrait'))).toBe(true);
    for (const words of ['wearing white coat', 'wearing scrubs', 'hospital corridor background', 'clinic background']) {
      expect(prompts.some((p) => p.text.includes(words))).toBe(true);
    }
    // Pro promises 20 poses: 20 prompts, each its own pose.
    expect(new Set(prompts.map((p) => p.text.split(', ').slice(9).join(', '))).size).toBe(20);
    expect(new Set(prompts.map((p) => p.callback))).toEqual(new Set([fieldOf(api.calls('POST', '/tunes').at(-1)!.fields, 'tune[callback]')]));
  });

  it('reuses the tune titled with the order id instead of creating a second one', async () => {
    const request = requestFor();
    const first = await generator().advance(request, new Set());
    // The service crashed before storing the reference: the next step starts without it.
    const again = await generator().advance(request, new Set());

    expect(again.providerRef).toBe(first.providerRef);
    expect(api.calls('POST', '/tunes').filter((r) => fieldOf(r.fields, 'tune[title]') === request.orderId)).toHaveLength(1);
    expect(api.tunes.filter((t) => t.title === request.orderId)).toHaveLength(1);
  });

  it('waits as long as a 429 Retry-After asks, then carries on', async () => {
    const request = await startTune();
    api.throttle(1, '2');
    const step = await generator().advance(request, new Set());

    expect(sleeps).toEqual([2000]);
    expect(step.retryAfterMs).toBe(60_000);
    expect(step.failed).toBeUndefined();
  });

  it('retries server errors with growing pauses, then leaves the retry to the job', async () => {
    const request = await startTune();
    const before = api.calls().length;
    api.breakNext(4, 503);

    await expect(generator({ retryBaseMs: 100 }).advance(request, new Set())).rejects.toThrow(/HTTP 503/);
    expect(api.calls().length - before).toBe(4);
    expect(sleeps).toHaveLength(3);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]!);
    expect(sleeps[2]!).toBeGreaterThan(sleeps[1]!);
  });

  it('delivers nothing while the tune trains, then each portrait once, numbered by its slot, at 832x1216', async () => {
    const request = await startTune({ package: 'pro' });
    const have = new Set<number>();

    const training = await generator().advance(request, have);
    expect(training).toMatchObject({ portraits: [], selfiesConsumed: true, retryAfterMs: 60_000 });

    // The second prompt (3 images: slots 4..6) finishes before the first.
    api.train(request.providerRef);
    api.render(request.providerRef, [1]);
    const early = await drain(request, have);
    expect(early.delivered.map((p) => p.no)).toEqual([4, 5, 6]);
    expect(early.last.retryAfterMs).toBe(60_000);
    const meta = await sharp(early.delivered[0]!.jpeg).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 832, height: 1216 });

    api.render(request.providerRef, 'all');
    const rest = await drain(request, have);
    const numbers = rest.delivered.map((p) => p.no);
    expect(numbers).not.toContain(4);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect([...have].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(rest.last.retryAfterMs).toBeUndefined();
    expect(rest.last.failed).toBeUndefined();
  });

  it('delivers Executive portraits at 1664x2432, only the numbers still missing', async () => {
    const request = await startTune({ package: 'executive' });
    api.train(request.providerRef);
    api.render(request.providerRef, 'all');
    const have = new Set(Array.from({ length: 98 }, (_, i) => i + 1));

    const step = await generator().advance(request, have);
    expect(step.portraits.map((p) => p.no)).toEqual([99, 100]);
    expect(step.retryAfterMs).toBeUndefined();
    const meta = await sharp(step.portraits[1]!.jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([1664, 2432]);
    const imageCalls = api.requests.filter((r) => r.path.startsWith(`/images/${request.providerRef}/`));
    expect(imageCalls).toHaveLength(2);
    expect(imageCalls.every((r) => r.authorization === undefined)).toBe(true);
  });

  it('fails the order when Astria reports the tune failed', async () => {
    const request = await startTune();
    api.failTune(request.providerRef, 'No faces were detected in the training images');

    const step = await generator().advance(request, new Set());
    expect(step.failed).toMatch(/No faces were detected/);
    expect(step.retryAfterMs).toBeUndefined();
  });

  it('fails the order when portraits are still missing 72 hours after the tune was created', async () => {
    const request = await startTune();
    api.train(request.providerRef);
    api.render(request.providerRef, [0]);

    const step = await generator({ now: () => Date.now() + 73 * HOUR }).advance(request, new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(step.failed).toMatch(/within 72 hours/);
  });

  it('fails the order when every prompt finished long ago with portraits missing', async () => {
    const request = await startTune({ package: 'basic' });
    api.train(request.providerRef);
    api.render(request.providerRef, 'all', { count: 7 });
    const have = new Set(Array.from({ length: 40 }, (_, i) => i + 1).filter((no) => no % 8 !== 0));

    expect((await generator().advance(request, have)).retryAfterMs).toBe(60_000);
    const later = await generator({ now: () => Date.now() + HOUR }).advance(request, have);
    expect(later.failed).toMatch(/finished with 35 of 40/);
  });

  it('refuses to work with a wrong API key', async () => {
    await expect(generator({}, 'sd_wrong_key').advance(requestFor(), new Set())).rejects.toThrow(/HTTP 401/);
  });

  it('accepts a callback carrying the secret of its order and refuses any other', () => {
    const orderId = randomUUID();
    const secret = new URL(callbackUrl(PUBLIC_URL, orderId, callbackSecret(API_KEY, orderId))).searchParams.get('secret');
    expect(verifyCallback(API_KEY, orderId, secret)).toBe(true);
    expect(verifyCallback(API_KEY, orderId, callbackSecret(API_KEY, randomUUID()))).toBe(false);
    expect(verifyCallback(API_KEY, orderId, callbackSecret('sd_other_key', orderId))).toBe(false);
    expect(verifyCallback(API_KEY, orderId, `${secret}0`)).toBe(false);
    expect(verifyCallback(API_KEY, orderId, '')).toBe(false);
    expect(verifyCallback(API_KEY, orderId, undefined)).toBe(false);
  });
});
