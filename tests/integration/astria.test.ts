import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASTRIA_BASE_TUNE_ID, createAstriaGenerator, formatAstriaRef, parseAstriaRef, type AstriaOptions } from '@/server/providers/generator/astria';
import { callbackSecret, callbackUrl, verifyCallback } from '@/server/providers/generator/astria-callback';
import type { GenerationRequest, GenerationStep } from '@/server/providers/generator/generator';
import { REFRESH_PACKAGE, findPackage } from '@/shared/catalog/packages';
import { ZPortraitInfoSchema } from '@/shared/contracts/checkout';
import { PORTRAIT_SIZE } from '@/shared/limits';
import { validAnswers } from '../support/answers';
import { startAstriaApi } from './helpers/astria-api';
import { makePhotos } from './helpers/photos';

const API_KEY = 'sd_test_portrait_studio';
/** Astria's quality options as the settings default them. */
const QUALITY = { faceSwap: true, faceCorrect: false, inpaintFaces: true, superResolution: true, hiresFix: false, filmGrain: true };
const PUBLIC_URL = 'https://portraits.example.com';
const HOUR = 3600_000;
const PROMPTS_PATH = `/tunes/${ASTRIA_BASE_TUNE_ID}/prompts`;

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

  function generator(options: AstriaOptions = {}, apiKey = API_KEY, mock = false) {
    return createAstriaGenerator({ apiKey, apiUrl: api.url, mock, quality: QUALITY }, PUBLIC_URL, {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    });
  }

  function requestFor(overrides: Record<string, unknown> = {}, providerRef: string | null = null): GenerationRequest {
    const answers = ZPortraitInfoSchema.parse(validAnswers(overrides));
    const pkg = findPackage(answers.package)!;
    const size = pkg.largeImages ? PORTRAIT_SIZE.large : PORTRAIT_SIZE.standard;
    return {
      orderId: randomUUID(),
      answers,
      selfies: async () => selfies,
      total: pkg.portraits,
      rounds: [pkg.portraits],
      width: size.width,
      height: size.height,
      poses: pkg.poses,
      combinations: pkg.combinations,
      providerRef,
      likenessRef: null,
      startedAt: new Date(),
      attempt: 1,
    };
  }

  /** Creates the order's tune; returns the request carrying its reference, as the service would store it. */
  async function startTune(overrides: Record<string, unknown> = {}) {
    const request = requestFor(overrides);
    const step = await generator().advance(request, new Set());
    return { ...request, providerRef: step.providerRef! };
  }

  /**
   * Advances until the generator asks to wait, fails or has delivered everything, keeping the reference
   * each step returns, as the job does.
   */
  async function drain(request: GenerationRequest, have: Set<number>, options: AstriaOptions = {}, mock = false) {
    const delivered: GenerationStep['portraits'] = [];
    for (let i = 0; i < 80; i++) {
      const step = await generator(options, API_KEY, mock).advance(request, have);
      if (step.providerRef) request.providerRef = step.providerRef;
      for (const p of step.portraits) {
        delivered.push(p);
        have.add(p.no);
      }
      if (step.retryAfterMs !== undefined || step.failed || have.size >= request.total) return { delivered, last: step };
    }
    throw new Error('generation did not settle');
  }

  const fieldOf = (fields: [string, string][], key: string) => fields.find(([k]) => k === key)?.[1];
  const tuneIdOf = (request: GenerationRequest) => parseAstriaRef(request.providerRef!).tuneId;

  /** Training finishes and the generator creates every prompt (nothing rendered yet); returns the prompt requests. */
  async function trainAndPrompt(request: GenerationRequest) {
    const before = api.calls('POST', PROMPTS_PATH).length;
    api.train(tuneIdOf(request));
    const { last } = await drain(request, new Set());
    expect(last.retryAfterMs).toBe(60_000);
    return api.calls('POST', PROMPTS_PATH).slice(before);
  }

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
    // Step one of the Flux guide: the tune alone; prompts come once it is trained, and not in test mode.
    expect(created.fields.some(([k]) => k.startsWith('tune[prompts_attributes]'))).toBe(false);
    expect(fieldOf(created.fields, 'tune[branch]')).toBeUndefined();
  });

  it("uses Astria's free test mode (branch=fast) for the tune and every prompt when ASTRIA_MOCK is on, and delivers its images", async () => {
    const request = requestFor({ package: 'beta' });
    const started = await generator({}, API_KEY, true).advance(request, new Set());
    request.providerRef = started.providerRef!;
    expect(fieldOf(api.calls('POST', '/tunes').at(-1)!.fields, 'tune[branch]')).toBe('fast');
    expect(api.tune(tuneIdOf(request)).branch).toBe('fast');

    api.train(tuneIdOf(request));
    const before = api.calls('POST', PROMPTS_PATH).length;
    const have = new Set<number>();
    expect((await drain(request, have, {}, true)).last.retryAfterMs).toBe(60_000);
    const created = api.calls('POST', PROMPTS_PATH).slice(before);
    expect(created.length).toBeGreaterThan(0);
    expect(created.every((r) => fieldOf(r.fields, 'prompt[branch]') === 'fast')).toBe(true);

    api.render(tuneIdOf(request), 'all');
    const { last } = await drain(request, have, {}, true);
    expect(last.failed).toBeUndefined();
    expect(have.size).toBe(20);
  });

  it('waits for training, then creates the prompts on the Flux base tune, loading the LoRA, whose num_images add up to the package count', async () => {
    const request = await startTune({ package: 'pro' });
    const loraId = tuneIdOf(request);
    expect(await generator().advance(request, new Set())).toEqual({ portraits: [], selfiesConsumed: true, retryAfterMs: 60_000 });
    expect(api.promptsOf(loraId)).toHaveLength(0);
    const created = await trainAndPrompt(request);
    const prompts = created.map((r) => ({
      text: fieldOf(r.fields, 'prompt[text]')!.replace(`<lora:${loraId}:1> `, ''),
      lora: fieldOf(r.fields, 'prompt[text]')!.startsWith(`<lora:${loraId}:1> `),
      num_images: Number(fieldOf(r.fields, 'prompt[num_images]')),
      w: Number(fieldOf(r.fields, 'prompt[w]')),
      h: Number(fieldOf(r.fields, 'prompt[h]')),
      callback: fieldOf(r.fields, 'prompt[callback]'),
    }));
    expect(prompts.every((p) => p.lora)).toBe(true);
    // The reference remembers every prompt, in plan order.
    expect(parseAstriaRef(request.providerRef!).promptIds).toEqual(api.promptsOf(loraId).map((p) => String(p.id)));
    // Never on the LoRA tune itself, which answers 422.
    expect(api.calls('POST', `/tunes/${loraId}/prompts`)).toHaveLength(0);
    // Real renders: no test mode.
    expect(created.every((r) => fieldOf(r.fields, 'prompt[branch]') === undefined)).toBe(true);

    expect(prompts.reduce((sum, p) => sum + p.num_images, 0)).toBe(60);
    expect(prompts.every((p) => p.num_images >= 1 && p.num_images <= 8)).toBe(true);
    expect(prompts.every((p) => p.w === 832 && p.h === 1216)).toBe(true);
    expect(prompts.every((p) => p.text.startsWith('ohwx woman, 30-40 years old, olive skin, bob cut brown hair, regular build, wearing '))).toBe(true);
    expect(prompts.every((p) => p.text.includes('bare eyes, clear view of the eyes, professional doctor portrait'))).toBe(true);
    for (const words of ['wearing white coat', 'wearing scrubs', 'hospital corridor background', 'clinic background']) {
      expect(prompts.some((p) => p.text.includes(words))).toBe(true);
    }
    // Pro promises 20 poses: 20 prompts, each its own pose.
    expect(new Set(prompts.map((p) => p.text.split(', ').slice(9).join(', '))).size).toBe(20);
    expect(new Set(prompts.map((p) => p.callback))).toEqual(new Set([api.tune(loraId).callback]));
  });

  it('answers 422 for a prompt created on a LoRA tune, as the Flux guide warns', async () => {
    const request = await startTune();
    api.train(tuneIdOf(request));
    const form = new FormData();
    form.append('prompt[text]', 'ohwx woman, portrait');
    const res = await fetch(`${api.url}/tunes/${tuneIdOf(request)}/prompts`, { method: 'POST', headers: { authorization: `Bearer ${API_KEY}` }, body: form });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('model_type=lora is not supported');
  });

  it('gets the same tune back when it asks again with the order id as title, instead of a second one', async () => {
    const request = requestFor();
    const first = await generator().advance(request, new Set());
    // The service crashed before storing the reference: the next step starts without it, and Astria's
    // idempotency (the title) answers the tune it already has.
    const again = await generator().advance(request, new Set());

    expect(again.providerRef).toBe(first.providerRef);
    expect(api.tunes.filter((t) => t.title === request.orderId)).toHaveLength(1);
  });

  it('asks again a minute later when the answer to creating the tune is lost (504), and gets the tune that request made', async () => {
    const request = requestFor();
    api.answerLate(1, 'POST');
    const lost = await generator().advance(request, new Set());

    // Astria made the tune; the selfies stay until the next step learns its id.
    expect(lost).toEqual({ portraits: [], selfiesConsumed: false, retryAfterMs: 60_000 });
    expect(api.tunes.filter((t) => t.title === request.orderId)).toHaveLength(1);
    expect(sleeps).toEqual([]);

    const again = await generator().advance(request, new Set());
    expect(again.providerRef).toBe(String(api.tunes.find((t) => t.title === request.orderId)!.id));
    expect(api.tunes.filter((t) => t.title === request.orderId)).toHaveLength(1);
  });

  it('never trains two tunes for an order, even on an account without idempotency: it looks the tune up before asking again', async () => {
    const bare = await startAstriaApi({ apiKey: API_KEY, idempotent: false });
    try {
      const make = () => createAstriaGenerator({ apiKey: API_KEY, apiUrl: bare.url, mock: false, quality: QUALITY }, PUBLIC_URL, { sleep: async () => {} });
      const request = requestFor();
      // The gateway cuts the request at 30 s while Astria goes on making the tune: a 504.
      bare.answerLate(1, 'POST');
      expect(await make().advance(request, new Set())).toEqual({ portraits: [], selfiesConsumed: false, retryAfterMs: 60_000 });
      // A minute later: the tune is found by its title, not posted again.
      const again = await make().advance(request, new Set());
      expect(bare.tunes.filter((tune) => tune.title === request.orderId)).toHaveLength(1);
      expect(again).toMatchObject({ selfiesConsumed: true, providerRef: String(bare.tunes[0]!.id) });
      expect(bare.calls('POST', '/tunes')).toHaveLength(1);
    } finally {
      await bare.close();
    }
  });

  it('waits at least 30 s after a server error on creating the tune, keeping the selfies, then looks before posting', async () => {
    const request = requestFor();
    api.breakNext(1, 503, 'POST');
    const failed = await generator({ retryBaseMs: 100 }).advance(request, new Set());
    expect(failed).toEqual({ portraits: [], selfiesConsumed: false, retryAfterMs: 30_000 });
    // Creating is never retried within the call: the 5xx may have made the tune.
    expect(sleeps).toEqual([]);
    const posts = api.calls('POST', '/tunes').length;
    const again = await generator().advance(request, new Set());
    expect(again.providerRef).toBe(String(api.tunes.find((tune) => tune.title === request.orderId)!.id));
    expect(api.calls('POST', '/tunes').length - posts).toBe(1);
  });

  it('asks again a minute later when the answer to creating a prompt is lost (504), and gets the prompt that request made', async () => {
    const request = await startTune();
    const tuneId = tuneIdOf(request);
    api.train(tuneId);
    api.answerLate(1, 'POST');
    const lost = await generator().advance(request, new Set());
    expect(lost).toEqual({ portraits: [], selfiesConsumed: true, retryAfterMs: 60_000 });
    expect(api.promptsOf(tuneId)).toHaveLength(1);

    const again = await generator().advance(request, new Set());
    expect(parseAstriaRef(again.providerRef!).promptIds).toEqual([String(api.promptsOf(tuneId)[0]!.id)]);
    expect(api.promptsOf(tuneId)).toHaveLength(1);
  });

  it('gets the same prompt back when it asks again after a crash lost the prompt id', async () => {
    const request = await startTune();
    const tuneId = tuneIdOf(request);
    api.train(tuneId);
    const first = await generator().advance(request, new Set());
    // The reference with the new prompt id was never stored: the next step asks for the same prompt.
    const again = await generator().advance(request, new Set());

    expect(again.providerRef).toBe(first.providerRef);
    expect(api.promptsOf(tuneId)).toHaveLength(1);
    expect(api.calls('POST', PROMPTS_PATH).filter((r) => fieldOf(r.fields, 'prompt[text]')!.startsWith(`<lora:${tuneId}:1> `))).toHaveLength(2);
  });

  it('fails the order at once, without retrying, when Astria refuses a prompt (422)', async () => {
    const request = await startTune();
    api.train(tuneIdOf(request));
    const before = api.calls('POST', PROMPTS_PATH).length;
    api.breakNext(1, 422, 'POST');
    const step = await generator({ retryBaseMs: 100 }).advance(request, new Set());

    expect(step.failed).toMatch(/^Astria refused a prompt: .*HTTP 422/);
    expect(step.retryAfterMs).toBeUndefined();
    expect(api.calls('POST', PROMPTS_PATH).length - before).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('fails the order at once, without retrying, when Astria answers 402 (no plan or credit)', async () => {
    const before = api.calls().length;
    api.breakNext(1, 402);
    const refused = await generator({ retryBaseMs: 100 }).advance(requestFor(), new Set());
    expect(refused.failed).toMatch(/lack of a plan or credit \(HTTP 402\): top up the Astria account/);
    expect(refused.selfiesConsumed).toBe(false);
    expect(api.calls().length - before).toBe(1);
    expect(sleeps).toEqual([]);

    const request = await startTune();
    api.train(tuneIdOf(request));
    api.breakNext(1, 402);
    const later = await generator().advance(request, new Set());
    expect(later.failed).toMatch(/HTTP 402/);
    expect(later.retryAfterMs).toBeUndefined();
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

    await trainAndPrompt(request);
    // The second prompt (3 images: slots 4..6) finishes before the first.
    api.render(tuneIdOf(request), [1]);
    const early = await drain(request, have);
    expect(early.delivered.map((p) => p.no)).toEqual([4, 5, 6]);
    expect(early.last.retryAfterMs).toBe(60_000);
    const meta = await sharp(early.delivered[0]!.jpeg).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 832, height: 1216 });

    api.render(tuneIdOf(request), 'all');
    const rest = await drain(request, have);
    const numbers = rest.delivered.map((p) => p.no);
    expect(numbers).not.toContain(4);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect([...have].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(rest.last.retryAfterMs).toBeUndefined();
    expect(rest.last.failed).toBeUndefined();
  });

  it("polls an order's prompts from the account's newest prompts, a page of 20 at a time, and by id only those the pages lack", async () => {
    const request = await startTune({ package: 'basic' });
    await trainAndPrompt(request);
    const tuneId = tuneIdOf(request);
    const ids = api.promptsOf(tuneId).map((p) => String(p.id));
    expect(ids.length).toBeGreaterThan(1);
    expect(ids.length).toBeLessThanOrEqual(20);
    // The order's reference once every prompt is made, as the job holds it while polling.
    const polling = { ...request, providerRef: formatAstriaRef({ tuneId: String(tuneId), promptIds: ids }) };
    const readsOf = () => api.calls('GET').filter((r) => r.path.startsWith(PROMPTS_PATH));
    let before = readsOf().length;
    await generator().advance(polling, new Set());
    // One listing for all of the order's prompts, not one request each.
    expect(
      readsOf()
        .slice(before)
        .map((r) => `${r.path}?${r.query}`),
    ).toEqual([`${PROMPTS_PATH}?offset=0`]);

    // A busier account: an Executive order's prompts came since and fill the newest pages. What the
    // pages read do not hold is read by id, one request each.
    await trainAndPrompt(await startTune({ package: 'executive' }));
    before = readsOf().length;
    await generator().advance(polling, new Set());
    const reads = readsOf().slice(before);
    const listings = reads.filter((r) => r.path === PROMPTS_PATH);
    expect(listings.map((r) => r.query.get('offset'))).toEqual(['0', '20']);
    const onPages = new Set(api.newestPrompts(40));
    const byId = reads.filter((r) => r.path !== PROMPTS_PATH).map((r) => r.path.split('/').at(-1));
    expect(byId).toEqual(ids.filter((id) => !onPages.has(id)));
    expect(byId.length).toBeGreaterThan(0);
  });

  it('renders Executive portraits at 832x1216 and delivers them upscaled to 1664x2432, only the numbers still missing', async () => {
    const request = await startTune({ package: 'executive' });
    const created = await trainAndPrompt(request);
    expect(created.every((r) => fieldOf(r.fields, 'prompt[w]') === '832' && fieldOf(r.fields, 'prompt[h]') === '1216')).toBe(true);
    api.render(tuneIdOf(request), 'all');
    const have = new Set(Array.from({ length: 98 }, (_, i) => i + 1));

    const step = await generator().advance(request, have);
    expect(step.portraits.map((p) => p.no)).toEqual([99, 100]);
    expect(step.retryAfterMs).toBeUndefined();
    const meta = await sharp(step.portraits[1]!.jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([1664, 2432]);
    const imageCalls = api.requests.filter((r) => r.path.startsWith(`/images/${tuneIdOf(request)}/`));
    expect(imageCalls).toHaveLength(2);
    expect(imageCalls.every((r) => r.authorization === undefined)).toBe(true);
  });

  it('fails the order when Astria reports the tune failed', async () => {
    const request = await startTune();
    api.failTune(tuneIdOf(request), 'No faces were detected in the training images');

    const step = await generator().advance(request, new Set());
    expect(step.failed).toMatch(/No faces were detected/);
    expect(step.retryAfterMs).toBeUndefined();
  });

  it('fails the order when portraits are still missing 72 hours after its generation began', async () => {
    const request = await startTune();
    await trainAndPrompt(request);
    api.render(tuneIdOf(request), [0]);

    const step = await generator({ now: () => Date.now() + 73 * HOUR }).advance(request, new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(step.failed).toMatch(/within 72 hours/);
  });

  it("makes a refresh with new prompts on the first order's tune, weeks later, without training or selfies; a deleted tune holds no likeness", async () => {
    const first = await startTune();
    await trainAndPrompt(first);
    const tuneId = tuneIdOf(first);
    const firstPrompts = api.promptsOf(tuneId).length;
    const tunesBefore = api.calls('POST', '/tunes').length;
    const later = generator({ now: () => Date.now() + 20 * 24 * HOUR });
    expect(await later.holdsLikeness!(first.providerRef!)).toBe(true);

    // Twenty days on: the refresh's own prompts, its own callback, on the same LoRA; no tune is trained.
    const refresh: GenerationRequest = {
      ...requestFor(),
      total: REFRESH_PACKAGE.portraits,
      rounds: [REFRESH_PACKAGE.portraits],
      poses: REFRESH_PACKAGE.poses,
      combinations: REFRESH_PACKAGE.combinations,
      selfies: async () => [],
      likenessRef: first.providerRef,
      startedAt: new Date(Date.now() + 20 * 24 * HOUR),
    };
    const step = await later.advance(refresh, new Set());
    expect(step).toEqual({ portraits: [], selfiesConsumed: true, providerRef: tuneId });
    refresh.providerRef = step.providerRef!;
    const { last } = await drain(refresh, new Set(), { now: () => Date.now() + 20 * 24 * HOUR });
    expect(last.retryAfterMs).toBe(60_000);
    const made = api.promptsOf(tuneId).slice(firstPrompts);
    expect(made.reduce((sum, p) => sum + p.num_images, 0)).toBe(20);
    expect(made.every((p) => p.callback === callbackUrl(PUBLIC_URL, refresh.orderId, callbackSecret(API_KEY, refresh.orderId)))).toBe(true);
    expect(api.calls('POST', '/tunes')).toHaveLength(tunesBefore);
    api.render(tuneId, 'all');
    const { delivered } = await drain(refresh, new Set(), { now: () => Date.now() + 20 * 24 * HOUR });
    expect(delivered.map((p) => p.no).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    // Astria deleted the tune: no likeness is held, and a refresh started now fails with the reason.
    api.deleteTune(tuneId);
    expect(await later.holdsLikeness!(first.providerRef!)).toBe(false);
    const gone = await later.advance({ ...refresh, orderId: randomUUID(), providerRef: null }, new Set());
    expect(gone.failed).toBe('Astria no longer has the fine-tune of the first order');
  });

  it('fails the order when every prompt finished long ago with portraits missing', async () => {
    const request = await startTune({ package: 'basic' });
    await trainAndPrompt(request);
    api.render(tuneIdOf(request), 'all', { count: 7 });
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
