import sharp from 'sharp';
import { z } from 'zod';
import { LIMITS, PORTRAIT_SIZE } from '../../../shared/limits.js';
import type { Config } from '../../config.js';
import { callbackSecret, callbackUrl } from './astria-callback.js';
import { ASTRIA_TOKEN, classWord, planPrompts, replacementText, type AstriaPromptPlan } from './astria-prompts.js';
import { seedOf } from './offline.js';
import type { GenerationRequest, GenerationStep, Generator, ReplacementRequest, ReplacementStep } from './generator.js';

/**
 * Flux.1 dev in Astria's gallery. Each order's LoRA trains on top of it, and, as Astria's Flux API guide
 * says, the prompts are created on it too, loading the LoRA with `<lora:{tuneId}:1>` (prompts created on
 * a LoRA tune answer 422 "model_type=lora is not supported").
 */
export const ASTRIA_BASE_TUNE_ID = 1504944;
/**
 * Every portrait is rendered at 832x1216 (2:3, multiples of 8 as the prompt API requires, within the
 * megapixel Flux renders natively); Executive's 1664x2432 is that, upscaled 2x with sharp's lanczos3.
 */
export const ASTRIA_RENDER_SIZE = PORTRAIT_SIZE.standard;
export const ASTRIA_MODEL_TYPE = 'lora';
export const ASTRIA_PRESET = 'flux-lora-portrait';
/** How long to wait before looking again while the tune trains or prompts render. */
export const ASTRIA_POLL_MS = 60_000;
/**
 * A create call whose answer was lost (504 or no answer) has probably been carried out: Astria's overview
 * asks to wait 60 s before sending it again, so that its idempotency answers the object the first one made.
 */
export const ASTRIA_LOST_ANSWER_WAIT_MS = 60_000;
/**
 * A 5xx to creating the tune: Astria's gateway cuts a request at 30 s while the tune may still be being
 * made behind it, so the next try waits at least that long, and looks the tune up before posting again.
 */
export const ASTRIA_SERVER_ERROR_WAIT_MS = 30_000;
/** Astria lists tunes and prompts newest first, 20 a page (its fixed page size: the reference offers no larger one). */
const PAGE_SIZE = 20;
/** Pages of tunes read when looking for an order's tune: enough for every tune made in the last minutes. */
const TUNE_LOOKUP_PAGES = 5;

type AstriaConfig = NonNullable<Config['generator']['astria']>;

export interface AstriaOptions {
  /** Waits between attempts (tests record them instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Attempts per call for 429 and 5xx answers, including the first. */
  attempts?: number;
  retryBaseMs?: number;
  /** A longer Retry-After is not waited for in the call: the error goes to the job, which retries later. */
  maxRetryWaitMs?: number;
  /** Portraits downloaded per step, so one step never holds a whole Executive order in memory. */
  portraitsPerStep?: number;
  /** Test harnesses only (BuildOptions.plainImages): downloads are re-encoded without mozjpeg. */
  plainImages?: boolean;
}

/**
 * What the order holds of Astria in `providerRef`: the tune's id, then `:` and the ids of the prompts
 * created for it so far, in plan order (`123` → `123:501,502`). It is the only place the ids live: the
 * tune and its prompts are read back by these ids, never searched for. Prompts are created one per step
 * and each id is stored before the next is asked for, so a crash repeats at most one request, which
 * Astria's idempotency answers with the prompt it already made.
 */
export interface AstriaRef {
  tuneId: string;
  promptIds: string[];
}

export function parseAstriaRef(ref: string): AstriaRef {
  const match = /^(\d+)(?::(\d+(?:,\d+)*))?$/.exec(ref);
  if (!match) throw new Error(`not an Astria reference: ${ref}`);
  const [, tuneId, promptList] = match;
  return { tuneId, promptIds: promptList ? promptList.split(',') : [] };
}

export function formatAstriaRef({ tuneId, promptIds }: AstriaRef): string {
  return promptIds.length > 0 ? `${tuneId}:${promptIds.join(',')}` : tuneId;
}

/** Astria answered with an error status (0: no answer at all). */
export class AstriaHttpError extends Error {
  override name = 'AstriaHttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const ZId = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String);
const ZTune = z.looseObject({
  id: ZId,
  title: z.string().nullish(),
  created_at: z.string().nullish(),
  trained_at: z.string().nullish(),
  expires_at: z.string().nullish(),
});
const ZPrompt = z.looseObject({
  id: ZId,
  num_images: z.number().int().nullish(),
  images: z.array(z.string()).nullish(),
  trained_at: z.string().nullish(),
});
type AstriaTune = z.infer<typeof ZTune>;
type AstriaPrompt = z.infer<typeof ZPrompt>;

const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
/** Prompts all report finished but images are missing: allow this long for them to appear before failing. */
const FINISHED_SHORT_GRACE_MS = 30 * 60_000;

/** A failure Astria reports on a tune or prompt, if any. */
function failureOf(object: Record<string, unknown>): string | undefined {
  for (const key of ['error', 'user_error', 'failure_reason']) {
    const value = object[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return object.failed_at ? 'failed' : undefined;
}

/** Retry-After as milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header) * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function createClient(config: AstriaConfig, options: Required<Pick<AstriaOptions, 'sleep' | 'now' | 'attempts' | 'retryBaseMs' | 'maxRetryWaitMs'>>) {
  const base = config.apiUrl.replace(/\/+$/, '');

  /**
   * One request with retries: 429 always (nothing was done), 5xx and lost connections only when
   * `retryServerErrors` (not for creating a tune, which may have happened: the caller looks again first).
   */
  async function send(url: string, init: { method: string; body?: FormData; auth: boolean; timeoutMs: number; retryServerErrors: boolean }): Promise<Response> {
    const shown = `${init.method} ${new URL(url).pathname}`;
    for (let attempt = 1; ; attempt++) {
      let res: Response | undefined;
      let networkError = '';
      try {
        res = await fetch(url, {
          method: init.method,
          body: init.body,
          headers: { accept: 'application/json, image/*', ...(init.auth ? { authorization: `Bearer ${config.apiKey}` } : {}) },
          signal: AbortSignal.timeout(init.timeoutMs),
        });
      } catch (error) {
        networkError = error instanceof Error ? error.message : String(error);
      }
      if (res?.ok) return res;
      const retriable = res ? res.status === 429 || (init.retryServerErrors && res.status >= 500) : init.retryServerErrors;
      const hinted = res ? retryAfterMs(res.headers.get('retry-after'), options.now()) : null;
      const wait = hinted ?? options.retryBaseMs * 2 ** (attempt - 1) * (1 + Math.random() / 4);
      if (!retriable || attempt >= options.attempts || wait > options.maxRetryWaitMs) {
        const detail = res ? `HTTP ${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}` : `no answer (${networkError})`;
        throw new AstriaHttpError(res?.status ?? 0, `Astria ${shown} failed after ${attempt} attempt(s): ${detail}`.trim());
      }
      await res?.body?.cancel().catch(() => {});
      await options.sleep(wait);
    }
  }

  return {
    send,
    async json(method: string, path: string, body?: FormData, retryServerErrors = true): Promise<unknown> {
      const res = await send(`${base}${path}`, { method, body, auth: true, timeoutMs: body ? 120_000 : 30_000, retryServerErrors });
      return res.json();
    },
  };
}

/** A 402 from Astria: the account's plan or balance does not cover the call. Retrying does not help. */
const PAYMENT_REQUIRED = 402;

/** Astria's validation errors (its overview: log them, do not retry them). */
const isRefusal = (error: unknown): error is AstriaHttpError => error instanceof AstriaHttpError && (error.status === 400 || error.status === 422);
/** The request may have been carried out but its answer never came: a gateway timeout or a lost connection. */
const isLostAnswer = (error: unknown): error is AstriaHttpError => error instanceof AstriaHttpError && (error.status === 504 || error.status === 0);

/**
 * The Astria generator (GENERATOR=astria), in the two steps of Astria's Flux API guide: a LoRA fine-tune
 * per order, trained on the selfies; once it is trained, the order's prompts on the Flux base tune, each
 * loading the LoRA. Then polling those prompts (callbacks only make the job look sooner) until every image
 * is rendered. Portrait numbers are slots: prompt i's images take the numbers after all images of the
 * prompts before it, so a number always means the same image whatever order prompts finish in.
 */
export function createAstriaGenerator(config: AstriaConfig, publicUrl: string, options: AstriaOptions = {}): Generator {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const attempts = options.attempts ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const perStep = options.portraitsPerStep ?? 10;
  const api = createClient(config, { sleep, now, attempts, retryBaseMs, maxRetryWaitMs: options.maxRetryWaitMs ?? 30_000 });
  const promptsPath = `/tunes/${ASTRIA_BASE_TUNE_ID}/prompts`;
  /**
   * The order's callback URL. A retry's carries its attempt: a prompt's fields then differ from the failed
   * attempt's, so Astria's idempotency makes a new prompt instead of answering the failed one.
   */
  const callbackFor = ({ orderId, attempt }: Pick<GenerationRequest, 'orderId' | 'attempt'>) =>
    callbackUrl(publicUrl, orderId, callbackSecret(config.apiKey, orderId)) + (attempt > 1 ? `&attempt=${attempt}` : '');

  /**
   * The order's prompts: each round of images (the promise with the likeness check's margin, then any
   * extra round) planned on its own and appended, so the prompts of earlier rounds keep their slots.
   */
  const plan = (request: GenerationRequest): AstriaPromptPlan[] =>
    request.rounds.flatMap((images) =>
      planPrompts({
        answers: request.answers,
        total: images,
        poses: request.poses,
        combinations: request.combinations,
        width: ASTRIA_RENDER_SIZE.width,
        height: ASTRIA_RENDER_SIZE.height,
      }),
    );

  /** Astria's quality options for Flux prompts, as configured (operations.md, "Astria's quality options"). */
  const appendQuality = (form: FormData) => {
    const { quality } = config;
    if (quality.faceSwap) form.append('prompt[face_swap]', 'true');
    if (quality.faceCorrect) form.append('prompt[face_correct]', 'true');
    if (quality.inpaintFaces) form.append('prompt[inpaint_faces]', 'true');
    if (quality.inpaintFaces && quality.superResolution) form.append('prompt[super_resolution]', 'true');
    if (quality.hiresFix) form.append('prompt[hires_fix]', 'true');
    if (quality.filmGrain) form.append('prompt[film_grain]', 'true');
  };

  /** The i-th prompt's seed: fixed per order and slot, so a repeated request is the same request. */
  const promptSeed = (request: Pick<GenerationRequest, 'orderId' | 'attempt'>, index: number) =>
    seedOf(`${request.orderId}:${request.attempt}:prompt:${index}`);

  /**
   * Step 1: the LoRA tune, titled with the order id. Astria's idempotency setting (operations.md) makes
   * a repeated POST with the same title answer the existing tune, so an answer lost to a 504, a dropped
   * connection or a crash before the id was stored is simply asked for again.
   */
  async function createTune(request: GenerationRequest, selfies: Buffer[]): Promise<AstriaTune> {
    const form = new FormData();
    form.append('tune[title]', request.orderId);
    form.append('tune[name]', classWord(request.answers));
    form.append('tune[base_tune_id]', String(ASTRIA_BASE_TUNE_ID));
    form.append('tune[model_type]', ASTRIA_MODEL_TYPE);
    form.append('tune[preset]', ASTRIA_PRESET);
    form.append('tune[token]', ASTRIA_TOKEN);
    form.append('tune[callback]', callbackFor(request));
    // Astria's free test mode: the tune is not trained and its prompts answer mock images.
    if (config.mock) form.append('tune[branch]', 'fast');
    for (const [i, jpeg] of selfies.entries()) form.append('tune[images][]', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `selfie-${i + 1}.jpg`);
    // Not retried within the call: a 5xx may mean the tune was made (see startTune).
    return ZTune.parse(await api.json('POST', '/tunes', form, false));
  }

  /** A list of Astria's (tunes, a tune's prompts), newest first, a page at a time, up to `maxPages`. */
  async function* newestPages<T>(path: string, item: z.ZodType<T>, maxPages: number): AsyncGenerator<T[]> {
    for (let page = 0; page < maxPages; page++) {
      const items = z.array(item).parse(await api.json('GET', `${path}?offset=${page * PAGE_SIZE}`));
      yield items;
      if (items.length < PAGE_SIZE) return;
    }
  }

  /**
   * The order's tune if Astria already has it (a request whose answer was lost, or a crash before its id
   * was stored): tunes are titled with the order id, and the newest come first.
   */
  async function findTune(orderId: string): Promise<AstriaTune | null> {
    for await (const tunes of newestPages('/tunes', ZTune, TUNE_LOOKUP_PAGES)) {
      const found = tunes.find((tune) => tune.title === orderId);
      if (found) return found;
    }
    return null;
  }

  async function startTune(request: GenerationRequest): Promise<GenerationStep> {
    const selfies = await request.selfies();
    if (selfies.length === 0)
      return { portraits: [], selfiesConsumed: false, failed: 'Astria refused the fine-tune: the selfies were gone before Astria received them' };
    let tune: AstriaTune;
    try {
      // Never a second billed tune: one made by an earlier request is taken as it is, and the account's
      // idempotency (operations.md) answers a repeat that still crosses one in flight.
      tune = (await findTune(request.orderId)) ?? (await createTune(request, selfies));
    } catch (error) {
      if (isRefusal(error)) return { portraits: [], selfiesConsumed: false, failed: `Astria refused the fine-tune: ${error.message}` };
      // Keep the selfies: a minute later the tune is looked up, and only asked for again if Astria has none.
      if (isLostAnswer(error)) return { portraits: [], selfiesConsumed: false, retryAfterMs: ASTRIA_LOST_ANSWER_WAIT_MS };
      if (error instanceof AstriaHttpError && error.status >= 500) return { portraits: [], selfiesConsumed: false, retryAfterMs: ASTRIA_SERVER_ERROR_WAIT_MS };
      throw error;
    }
    // Astria holds the selfies once the tune exists: ours can go.
    return { portraits: [], selfiesConsumed: true, providerRef: tune.id, retryAfterMs: ASTRIA_POLL_MS };
  }

  /**
   * Step 2, one prompt per call: on the base tune, loading the order's LoRA, with the order's callback.
   * The fields of the i-th prompt are always the same, so a request sent again after a lost answer or a
   * crash is answered by Astria's idempotency with the prompt it already made.
   */
  async function createPrompt(request: GenerationRequest, ref: AstriaRef, prompt: AstriaPromptPlan): Promise<GenerationStep> {
    const form = new FormData();
    form.append('prompt[text]', `<lora:${ref.tuneId}:1> ${prompt.text}`);
    form.append('prompt[num_images]', String(prompt.numImages));
    form.append('prompt[w]', String(prompt.w));
    form.append('prompt[h]', String(prompt.h));
    form.append('prompt[seed]', String(promptSeed(request, ref.promptIds.length)));
    appendQuality(form);
    form.append('prompt[callback]', callbackFor(request));
    // Test mode: the LoRA is a `fast` tune; the prompt says so too, as it is created on the shared base tune.
    if (config.mock) form.append('prompt[branch]', 'fast');
    let created: AstriaPrompt;
    try {
      created = ZPrompt.parse(await api.json('POST', promptsPath, form, false));
    } catch (error) {
      if (isRefusal(error)) return { portraits: [], selfiesConsumed: true, failed: `Astria refused a prompt: ${error.message}` };
      if (isLostAnswer(error)) return { portraits: [], selfiesConsumed: true, retryAfterMs: ASTRIA_LOST_ANSWER_WAIT_MS };
      throw error;
    }
    return { portraits: [], selfiesConsumed: true, providerRef: formatAstriaRef({ ...ref, promptIds: [...ref.promptIds, created.id] }) };
  }

  async function download(url: string, width: number, height: number): Promise<Buffer> {
    if (!/^https?:\/\//.test(url)) throw new Error(`Astria gave an image address that is not http(s)`);
    // Image addresses are public file URLs: the API key is never sent with them.
    const res = await api.send(url, { method: 'GET', auth: false, timeoutMs: 60_000, retryServerErrors: true });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > MAX_IMAGE_BYTES) throw new Error(`Astria image ${new URL(url).pathname} is larger than ${MAX_IMAGE_BYTES} bytes`);
    return sharp(bytes).rotate().resize(width, height, { fit: 'cover', kernel: 'lanczos3' }).jpeg({ quality: 90, mozjpeg: !options.plainImages }).toBuffer();
  }

  /**
   * The order's prompts, in `ids` order. A poll reads them from the account's newest prompts, a page of
   * 20 holding all of an order's (Executive has 13) while it renders, instead of one request per
   * prompt; whatever those pages do not hold (an older order, a busy account) is read by id.
   */
  async function readPrompts(ids: string[]): Promise<AstriaPrompt[]> {
    const found = new Map<string, AstriaPrompt>();
    if (ids.length === 0) return [];
    for await (const listed of newestPages(promptsPath, ZPrompt, Math.ceil(ids.length / PAGE_SIZE) + 1)) {
      for (const prompt of listed) if (ids.includes(prompt.id)) found.set(prompt.id, prompt);
      if (found.size === ids.length) break;
    }
    return Promise.all(ids.map(async (id) => found.get(id) ?? ZPrompt.parse(await api.json('GET', `${promptsPath}/${id}`))));
  }

  /** Every prompt created: downloads what they rendered, in slot order, a batch per step. */
  async function collect(request: GenerationRequest, tune: AstriaTune, ref: AstriaRef, have: ReadonlySet<number>): Promise<GenerationStep> {
    const prompts = await readPrompts(ref.promptIds);
    const planned = plan(request);

    const slots = new Map<number, { url: string; look?: string; seed: number }>();
    let offset = 0;
    prompts.forEach((prompt, i) => {
      const size = prompt.num_images ?? planned[i]?.numImages ?? prompt.images?.length ?? 0;
      (prompt.images ?? []).slice(0, size).forEach((url, j) => {
        // Astria renders a prompt's images from its seed onwards, one apart.
        if (offset + j + 1 <= request.total) slots.set(offset + j + 1, { url, look: planned[i]?.look, seed: (promptSeed(request, i) + j) % 2 ** 32 });
      });
      offset += size;
    });

    const pending = [...slots].filter(([no]) => !have.has(no)).sort(([a], [b]) => a - b);
    const batch = pending.slice(0, perStep);
    const portraits: GenerationStep['portraits'] = [];
    for (let i = 0; i < batch.length; i += 4) {
      const chunk = batch.slice(i, i + 4);
      const downloaded = await Promise.all(
        chunk.map(async ([no, slot]) => ({ no, look: slot.look, seed: slot.seed, jpeg: await download(slot.url, request.width, request.height) })),
      );
      portraits.push(...downloaded);
    }

    const stored = new Set([...have, ...batch.map(([no]) => no)]);
    const missing = Array.from({ length: request.total }, (_, i) => i + 1).filter((no) => !stored.has(no)).length;
    const done = (extra: Partial<GenerationStep> = {}): GenerationStep => ({ portraits, selfiesConsumed: true, ...extra });
    if (missing === 0 || pending.length > batch.length) return done();

    const failure = prompts.map(failureOf).find(Boolean);
    if (failure) return done({ failed: `Astria reported a failure: ${failure}` });
    const stop = deadlineFailure(request, tune, missing);
    if (stop) return done({ failed: stop });
    // Every prompt finished a while ago and images are still missing: more polling will not bring them.
    const lastFinished = Math.max(...prompts.map((p) => Date.parse(p.trained_at ?? '')));
    if (prompts.length > 0 && !Number.isNaN(lastFinished) && now() > lastFinished + FINISHED_SHORT_GRACE_MS) {
      return done({ failed: `Astria finished with ${request.total - missing} of ${request.total} portraits` });
    }
    return done({ retryAfterMs: ASTRIA_POLL_MS });
  }

  /** Astria let the tune expire (it gives `expires_at` on plans that do not keep tunes). */
  const expired = (tune: AstriaTune) => {
    const expires = Date.parse(tune.expires_at ?? '');
    return !Number.isNaN(expires) && now() > expires;
  };

  /**
   * Why waiting longer is pointless: past the 72-hour bound (counted from when this order's generation
   * began, which for a refresh is days or weeks after its fine-tune was made), or Astria let the tune expire.
   */
  function deadlineFailure(request: GenerationRequest, tune: AstriaTune, missing: number): string | undefined {
    if (now() > request.startedAt.getTime() + LIMITS.generationBoundHours * 3600_000) {
      return `Astria did not deliver ${missing} of ${request.total} portraits within ${LIMITS.generationBoundHours} hours`;
    }
    if (expired(tune)) return 'Astria expired the fine-tune before every portrait was delivered';
    return undefined;
  }

  /** The tune by id, or null when Astria no longer has it. */
  async function readTune(tuneId: string): Promise<AstriaTune | null> {
    try {
      return ZTune.parse(await api.json('GET', `/tunes/${tuneId}`));
    } catch (error) {
      if (error instanceof AstriaHttpError && error.status === 404) return null;
      throw error;
    }
  }

  /**
   * A refresh starts on its first order's fine-tune: no new training, no selfies. The order remembers
   * that tune as its own reference, and its prompts follow as for any order (with its own callback).
   */
  async function reuseTune(likenessRef: string): Promise<GenerationStep> {
    const { tuneId } = parseAstriaRef(likenessRef);
    if (!(await holdsTune(tuneId))) return { portraits: [], selfiesConsumed: true, failed: 'Astria no longer has the fine-tune of the first order' };
    return { portraits: [], selfiesConsumed: true, providerRef: tuneId };
  }

  /** Astria still has the tune, trained, not failed and not expired: new prompts can be made on it. */
  async function holdsTune(tuneId: string): Promise<boolean> {
    const tune = await readTune(tuneId);
    return tune !== null && !failureOf(tune) && Boolean(tune.trained_at) && !expired(tune);
  }

  async function advance(request: GenerationRequest, have: ReadonlySet<number>): Promise<GenerationStep> {
    if (!request.providerRef) return request.likenessRef ? reuseTune(request.likenessRef) : startTune(request);
    const ref = parseAstriaRef(request.providerRef);
    const tune = await readTune(ref.tuneId);
    if (!tune) return { portraits: [], selfiesConsumed: true, failed: 'Astria no longer has the fine-tune' };
    const tuneFailure = failureOf(tune);
    if (tuneFailure) return { portraits: [], selfiesConsumed: true, failed: `Astria reported a failure: ${tuneFailure}` };
    if (!tune.trained_at) {
      const stop = deadlineFailure(request, tune, request.total - have.size);
      return stop ? { portraits: [], selfiesConsumed: true, failed: stop } : { portraits: [], selfiesConsumed: true, retryAfterMs: ASTRIA_POLL_MS };
    }
    const planned = plan(request);
    const next = planned.at(ref.promptIds.length);
    if (next) return createPrompt(request, ref, next);
    return collect(request, tune, ref, have);
  }

  /**
   * A replacement: one prompt with one image on the order's tune (while Astria keeps it), in the replaced
   * portrait's look with the replacement's seed, polled until rendered. The prompt's id is the state.
   */
  async function replace(request: ReplacementRequest): Promise<ReplacementStep> {
    if (!request.providerRef) return { failed: 'The order has no fine-tune at Astria' };
    const { tuneId } = parseAstriaRef(request.providerRef);
    if (!request.state) {
      if (!(await holdsTune(tuneId))) return { failed: 'Astria no longer has the fine-tune of this order' };
      const form = new FormData();
      form.append('prompt[text]', `<lora:${tuneId}:1> ${replacementText(request.answers, request.look, request.seed)}`);
      form.append('prompt[num_images]', '1');
      form.append('prompt[w]', String(ASTRIA_RENDER_SIZE.width));
      form.append('prompt[h]', String(ASTRIA_RENDER_SIZE.height));
      form.append('prompt[seed]', String(request.seed));
      appendQuality(form);
      if (config.mock) form.append('prompt[branch]', 'fast');
      try {
        const created = ZPrompt.parse(await api.json('POST', promptsPath, form, false));
        return { state: created.id, retryAfterMs: ASTRIA_POLL_MS };
      } catch (error) {
        if (isRefusal(error)) return { failed: `Astria refused the prompt: ${error.message}` };
        if (isLostAnswer(error)) return { retryAfterMs: ASTRIA_LOST_ANSWER_WAIT_MS };
        throw error;
      }
    }
    const prompt = ZPrompt.parse(await api.json('GET', `${promptsPath}/${request.state}`));
    const failure = failureOf(prompt);
    if (failure) return { failed: `Astria reported a failure: ${failure}` };
    const url = prompt.images?.[0];
    if (!url) return { state: request.state, retryAfterMs: ASTRIA_POLL_MS };
    return { jpeg: await download(url, request.width, request.height) };
  }

  return {
    kind: 'astria',
    replace,
    retryRef: (providerRef) => parseAstriaRef(providerRef).tuneId,
    holdsLikeness: (providerRef) => holdsTune(parseAstriaRef(providerRef).tuneId),
    async advance(request, have): Promise<GenerationStep> {
      try {
        return await advance(request, have);
      } catch (error) {
        // No plan or balance for the call: retrying the job cannot change that, so the order fails now.
        if (error instanceof AstriaHttpError && error.status === PAYMENT_REQUIRED) {
          return {
            portraits: [],
            selfiesConsumed: Boolean(request.providerRef),
            failed: `Astria refused the request for lack of a plan or credit (HTTP 402): top up the Astria account, then redo or refund this order. ${error.message}`,
          };
        }
        throw error;
      }
    },
  };
}
