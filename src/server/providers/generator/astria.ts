import sharp from 'sharp';
import { z } from 'zod';
import { LIMITS } from '../../../shared/limits.js';
import type { Config } from '../../config.js';
import { callbackSecret, callbackUrl } from './astria-callback.js';
import { ASTRIA_TOKEN, planPrompts, type AstriaPromptPlan } from './astria-prompts.js';
import type { GenerationRequest, GenerationStep, Generator } from './generator.js';

/** Flux.1 dev in Astria's gallery: each order's LoRA trains on top of it (Astria's Flux API guide). */
export const ASTRIA_BASE_TUNE_ID = 1504944;
export const ASTRIA_MODEL_TYPE = 'lora';
export const ASTRIA_PRESET = 'flux-lora-portrait';
/** How long to wait before looking again while the tune trains or prompts render. */
export const ASTRIA_POLL_MS = 60_000;

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

/** Pages of `GET /tunes?title=` looked through for an earlier tune of the order (newest come first). */
const TITLE_SEARCH_PAGES = 5;
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

/**
 * The Astria generator (GENERATOR=astria): one LoRA fine-tune per order, trained on the selfies, with the
 * order's prompts attached; then polling (and callbacks, which only make the job look sooner) until every
 * image is rendered. Portrait numbers are slots: prompt i's images take the numbers after all images of the
 * prompts before it, so a number always means the same image whatever order prompts finish in.
 */
export function createAstriaGenerator(config: AstriaConfig, publicUrl: string, options: AstriaOptions = {}): Generator {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const attempts = options.attempts ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const perStep = options.portraitsPerStep ?? 10;
  const api = createClient(config, { sleep, now, attempts, retryBaseMs, maxRetryWaitMs: options.maxRetryWaitMs ?? 30_000 });

  const plan = (request: GenerationRequest): AstriaPromptPlan[] =>
    planPrompts({ answers: request.answers, total: request.total, poses: request.poses, combinations: request.combinations, width: request.width, height: request.height });

  async function findTune(title: string): Promise<AstriaTune | undefined> {
    let offset = 0;
    for (let page = 0; page < TITLE_SEARCH_PAGES; page++) {
      const tunes = z.array(ZTune).parse(await api.json('GET', `/tunes?title=${encodeURIComponent(title)}&offset=${offset}`));
      const match = tunes.find((t) => t.title === title);
      if (match || tunes.length === 0) return match;
      offset += tunes.length;
    }
    return undefined;
  }

  async function createTune(request: GenerationRequest, selfies: Buffer[]): Promise<AstriaTune> {
    const callback = callbackUrl(publicUrl, request.orderId, callbackSecret(config.apiKey, request.orderId));
    const form = new FormData();
    form.append('tune[title]', request.orderId);
    form.append('tune[name]', request.answers.gender);
    form.append('tune[base_tune_id]', String(ASTRIA_BASE_TUNE_ID));
    form.append('tune[model_type]', ASTRIA_MODEL_TYPE);
    form.append('tune[preset]', ASTRIA_PRESET);
    form.append('tune[token]', ASTRIA_TOKEN);
    form.append('tune[callback]', callback);
    selfies.forEach((jpeg, i) => form.append('tune[images][]', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `selfie-${i + 1}.jpg`));
    plan(request).forEach((prompt, i) => {
      form.append(`tune[prompts_attributes][${i}][text]`, prompt.text);
      form.append(`tune[prompts_attributes][${i}][num_images]`, String(prompt.numImages));
      form.append(`tune[prompts_attributes][${i}][w]`, String(prompt.w));
      form.append(`tune[prompts_attributes][${i}][h]`, String(prompt.h));
      form.append(`tune[prompts_attributes][${i}][callback]`, callback);
    });
    return ZTune.parse(await api.json('POST', '/tunes', form, false));
  }

  /** The order's tune, created once: the title is the order id, looked up again before every attempt. */
  async function findOrCreateTune(request: GenerationRequest): Promise<{ tune: AstriaTune } | { refused: string }> {
    for (let attempt = 1; ; attempt++) {
      const existing = await findTune(request.orderId);
      if (existing) return { tune: existing };
      const selfies = await request.selfies();
      if (selfies.length === 0) return { refused: 'the selfies were gone before Astria received them' };
      try {
        return { tune: await createTune(request, selfies) };
      } catch (error) {
        // Astria's validation errors do not heal with retries (its API overview says not to retry them).
        if (error instanceof AstriaHttpError && (error.status === 400 || error.status === 422)) return { refused: error.message };
        // A 5xx or lost answer may still have created the tune: look for it again before another POST.
        const transient = error instanceof AstriaHttpError && (error.status === 0 || error.status >= 500);
        if (!transient || attempt >= attempts) throw error;
        await sleep(retryBaseMs * 2 ** (attempt - 1));
      }
    }
  }

  async function listPrompts(tuneId: string): Promise<AstriaPrompt[]> {
    const all: AstriaPrompt[] = [];
    for (let page = 0; page < 50; page++) {
      const prompts = z.array(ZPrompt).parse(await api.json('GET', `/tunes/${tuneId}/prompts?offset=${all.length}`));
      if (prompts.length === 0) break;
      all.push(...prompts);
    }
    return all.sort((a, b) => Number(a.id) - Number(b.id));
  }

  async function download(url: string, width: number, height: number): Promise<Buffer> {
    if (!/^https?:\/\//.test(url)) throw new Error(`Astria gave an image address that is not http(s)`);
    // Image addresses are public file URLs: the API key is never sent with them.
    const res = await api.send(url, { method: 'GET', auth: false, timeoutMs: 60_000, retryServerErrors: true });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > MAX_IMAGE_BYTES) throw new Error(`Astria image ${new URL(url).pathname} is larger than ${MAX_IMAGE_BYTES} bytes`);
    return sharp(bytes).rotate().resize(width, height, { fit: 'cover' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  }

  async function poll(request: GenerationRequest, tuneId: string, have: ReadonlySet<number>): Promise<GenerationStep> {
    let tune: AstriaTune;
    try {
      tune = ZTune.parse(await api.json('GET', `/tunes/${tuneId}`));
    } catch (error) {
      if (error instanceof AstriaHttpError && error.status === 404) return { portraits: [], selfiesConsumed: true, failed: 'Astria no longer has the fine-tune' };
      throw error;
    }
    const prompts = await listPrompts(tuneId);
    const planned = plan(request);

    const slots = new Map<number, string>();
    let offset = 0;
    prompts.forEach((prompt, i) => {
      const size = prompt.num_images ?? planned[i]?.numImages ?? prompt.images?.length ?? 0;
      (prompt.images ?? []).slice(0, size).forEach((url, j) => {
        if (offset + j + 1 <= request.total) slots.set(offset + j + 1, url);
      });
      offset += size;
    });

    const pending = [...slots.keys()].filter((no) => !have.has(no)).sort((a, b) => a - b);
    const batch = pending.slice(0, perStep);
    const portraits: GenerationStep['portraits'] = [];
    for (let i = 0; i < batch.length; i += 4) {
      const chunk = batch.slice(i, i + 4);
      const images = await Promise.all(chunk.map((no) => download(slots.get(no)!, request.width, request.height)));
      chunk.forEach((no, k) => portraits.push({ no, jpeg: images[k]! }));
    }

    const stored = new Set([...have, ...batch]);
    const missing = Array.from({ length: request.total }, (_, i) => i + 1).filter((no) => !stored.has(no)).length;
    const done = (extra: Partial<GenerationStep> = {}): GenerationStep => ({ portraits, selfiesConsumed: true, ...extra });
    if (missing === 0 || pending.length > batch.length) return done();

    const failure = failureOf(tune) ?? prompts.map(failureOf).find(Boolean);
    if (failure) return done({ failed: `Astria reported a failure: ${failure}` });
    const created = Date.parse(tune.created_at ?? '');
    if (!Number.isNaN(created) && now() > created + LIMITS.generationBoundHours * 3600_000) {
      return done({ failed: `Astria did not deliver ${missing} of ${request.total} portraits within ${LIMITS.generationBoundHours} hours` });
    }
    const expires = Date.parse(tune.expires_at ?? '');
    if (!Number.isNaN(expires) && now() > expires) return done({ failed: 'Astria expired the fine-tune before every portrait was delivered' });
    if (tune.trained_at && prompts.length === 0) return done({ failed: 'Astria trained the fine-tune but holds no prompts for it' });
    // Every prompt finished a while ago and images are still missing: more polling will not bring them.
    const lastFinished = Math.max(...prompts.map((p) => Date.parse(p.trained_at ?? '')));
    if (prompts.length > 0 && !Number.isNaN(lastFinished) && now() > lastFinished + FINISHED_SHORT_GRACE_MS) {
      return done({ failed: `Astria finished with ${request.total - missing} of ${request.total} portraits` });
    }
    return done({ retryAfterMs: ASTRIA_POLL_MS });
  }

  return {
    kind: 'astria',
    async advance(request, have): Promise<GenerationStep> {
      if (request.providerRef) {
        if (!/^\d+$/.test(request.providerRef)) throw new Error(`not an Astria tune id: ${request.providerRef}`);
        return poll(request, request.providerRef, have);
      }
      const found = await findOrCreateTune(request);
      if ('refused' in found) return { portraits: [], selfiesConsumed: false, failed: `Astria refused the fine-tune: ${found.refused}` };
      // Astria holds the selfies once the tune exists: ours can go.
      return { portraits: [], selfiesConsumed: true, providerRef: found.tune.id, retryAfterMs: ASTRIA_POLL_MS };
    },
  };
}
