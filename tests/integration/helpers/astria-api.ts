import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { createOfflineGenerator } from '@/server/providers/generator/offline';
import type { StoredPortraitInfo } from '@/shared/contracts/checkout';

/** A request the generator made to the Astria stand-in, with its form fields and files decoded. */
export interface AstriaRecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  fields: [string, string][];
  files: { field: string; name: string; type: string; size: number }[];
}

export interface StandInPrompt {
  id: number;
  tune_id: number;
  /** The LoRA tune the text loads with `<lora:{id}:1>`. */
  lora_tune_id: number;
  text: string;
  num_images: number;
  w: number | null;
  h: number | null;
  callback: string | null;
  /** `fast` when the prompt asked for Astria's test mode. */
  branch: string | null;
  images: string[];
  trained_at: string | null;
  created_at: string;
}

export interface StandInTune {
  id: number;
  title: string;
  name: string;
  base_tune_id: number | null;
  model_type: string | null;
  callback: string | null;
  created_at: string;
  started_training_at: string | null;
  trained_at: string | null;
  expires_at: string | null;
  branch: string | null;
  error?: string;
}

/** Flux.1 dev in Astria's gallery: prompts for Flux LoRAs are created on it. */
export const FLUX_BASE_TUNE_ID = 1504944;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Decodes a multipart or urlencoded body the way a server framework would. */
async function parseForm(body: Buffer, contentType: string | undefined) {
  const fields: [string, string][] = [];
  const files: AstriaRecordedRequest['files'] = [];
  if (!contentType || body.length === 0 || !/multipart\/form-data|x-www-form-urlencoded/.test(contentType)) return { fields, files };
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') fields.push([field, value]);
    else files.push({ field, name: value.name, type: value.type, size: value.size });
  }
  return { fields, files };
}

/** A render in place of a generated portrait: 2:3 like Flux output, but not our exact size. */
function renderImage(seed: number): Promise<Buffer> {
  const hue = (seed * 37) % 360;
  return sharp({ create: { width: 768, height: 1152, channels: 3, background: `hsl(${hue}, 45%, 55%)` } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * Renders of a person in place of generated portraits, same size as `renderImage`: the offline
 * generator's head-and-shoulders portrait from one of `faces`, framed by the seed, so that the likeness
 * check finds the person the tune was trained on.
 */
function faceRenderer(faces: Buffer[]): (seed: number) => Promise<Buffer> {
  const offline = createOfflineGenerator({ paceMs: 0 });
  const answers = { type: 'doctor', package: 'beta', background: ['studio_gray'] } as StoredPortraitInfo;
  return async (seed) => {
    const step = await offline.replace({
      orderId: 'astria-stand-in',
      answers,
      width: 768,
      height: 1152,
      look: null,
      seed,
      likeness: async () => faces,
      providerRef: null,
      state: null,
      key: String(seed),
    });
    if (!step.jpeg) throw new Error('the offline renderer made no image');
    return step.jpeg;
  };
}

/**
 * A local stand-in for Astria's API as its Flux guide describes it: Bearer-key auth; `POST /tunes`
 * (multipart); `GET /tunes/:id`; prompts created on the Flux base tune, `POST /tunes/1504944/prompts`,
 * whose text must load a trained LoRA with `<lora:{id}:1>` (a prompt created on a LoRA tune answers 422,
 * as the guide warns); `GET /tunes/1504944/prompts/:id`, each prompt with `images` URLs; image files
 * under `/images/`, served without auth like Astria's file URLs. It behaves as an account with
 * idempotency on, as its API overview describes: a tune request with a title already used answers that
 * tune, and a prompt request with the same attributes answers that prompt (`idempotent: false` is an
 * account without it: every request makes a new one). `GET /tunes` lists tunes newest first, 20 a page
 * from `?offset=`, as Astria's reference describes, and `GET /tunes/1504944/prompts` the account's
 * prompts on the base tune the same way. The test plays Astria's
 * workers with `train`, `render`, `failTune` and `deleteTune`, and its bad days with `throttle`, `breakNext` (any
 * status, 402 included) and `answerLate` (the request is carried out but answered 504). Its images are
 * flat colours, or, with `faces` (photos of the person), portraits of that person.
 */
export async function startAstriaApi({ apiKey, idempotent = true, faces }: { apiKey: string; idempotent?: boolean; faces?: Buffer[] }) {
  const render = faces && faces.length > 0 ? faceRenderer(faces) : renderImage;
  const requests: AstriaRecordedRequest[] = [];
  const tunes: StandInTune[] = [];
  const prompts: StandInPrompt[] = [];
  /** Bad answers still to give, in order; one with a `method` waits for a request with that method. */
  const faults: { status: number; retryAfter?: string; carriedOut?: boolean; method?: string }[] = [];
  let nextTuneId = 1000;
  let nextPromptId = 5000;
  let url = '';

  const tuneJson = (tune: StandInTune) => ({ ...tune, url: `${url}/tunes/${tune.id}.json` });

  const server = createServer(async (req, res) => {
    const parsed = new URL(req.url!, 'http://astria.local');
    const body = await readBody(req);
    const { fields, files } = await parseForm(body, req.headers['content-type']);
    requests.push({ method: req.method!, path: parsed.pathname, query: parsed.searchParams, authorization: req.headers.authorization, fields, files });
    let late = false;
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      // A gateway timeout: the work is done, but its answer never reaches the caller.
      if (late) [status, value, headers] = [504, { error: 'Gateway Timeout' }, {}];
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    const segments = parsed.pathname.split('/').filter(Boolean);

    if (segments[0] === 'images' && req.method === 'GET') {
      const [, tuneId, promptId, file] = segments;
      const image = await render(Number(tuneId) + Number(promptId) * 7 + Number.parseInt(file ?? '0', 10));
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(image.length) });
      return res.end(image);
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) return json(401, { error: 'Unauthorized' });
    const index = faults.findIndex((f) => !f.method || f.method === req.method);
    const fault = index >= 0 ? faults.splice(index, 1)[0] : undefined;
    if (fault?.carriedOut) late = true;
    else if (fault) return json(fault.status, { error: 'simulated' }, fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {});

    const get = (key: string) => fields.find(([k]) => k === key)?.[1] ?? null;
    if (parsed.pathname === '/tunes' && req.method === 'POST') {
      if (!get('tune[title]') || !get('tune[name]') || files.length === 0) return json(422, { title: ["can't be blank"] });
      const existing = idempotent ? tunes.find((t) => t.title === get('tune[title]')) : undefined;
      if (existing) return json(200, tuneJson(existing));
      const now = new Date().toISOString();
      const tune: StandInTune = {
        id: nextTuneId++,
        title: get('tune[title]')!,
        name: get('tune[name]')!,
        base_tune_id: get('tune[base_tune_id]') ? Number(get('tune[base_tune_id]')) : null,
        model_type: get('tune[model_type]'),
        callback: get('tune[callback]'),
        branch: get('tune[branch]'),
        created_at: now,
        started_training_at: now,
        trained_at: null,
        expires_at: null,
      };
      tunes.push(tune);
      return json(201, tuneJson(tune));
    }
    if (parsed.pathname === '/tunes' && req.method === 'GET') {
      const offset = Number(parsed.searchParams.get('offset') ?? 0);
      return json(
        200,
        [...tunes]
          .reverse()
          .slice(offset, offset + 20)
          .map(tuneJson),
      );
    }
    if (segments[0] === 'tunes' && segments[2] === 'prompts' && segments.length === 3 && req.method === 'POST') {
      const target = tunes.find((t) => String(t.id) === segments[1]);
      if (target?.model_type === 'lora') return json(422, { base: ['model_type=lora is not supported. Use a checkpoint instead'] });
      if (segments[1] !== String(FLUX_BASE_TUNE_ID)) return json(404, { error: 'Not found' });
      const text = get('prompt[text]') ?? '';
      const lora = tunes.find((t) => t.id === Number(/<lora:(\d+):1>/.exec(text)?.[1]));
      if (!lora?.trained_at) return json(422, { text: ['must load a trained LoRA of yours with <lora:id:1>'] });
      const numImages = Number(get('prompt[num_images]') ?? 1);
      if (!(numImages >= 1 && numImages <= 8)) return json(422, { num_images: ['must be between 1 and 8'] });
      const w = get('prompt[w]') ? Number(get('prompt[w]')) : null;
      const h = get('prompt[h]') ? Number(get('prompt[h]')) : null;
      if ((w !== null && w % 8 !== 0) || (h !== null && h % 8 !== 0)) return json(422, { w: ['must be a multiple of 8'] });
      const callback = get('prompt[callback]');
      const same = idempotent
        ? prompts.find((p) => p.text === text && p.num_images === numImages && p.w === w && p.h === h && p.callback === callback)
        : undefined;
      if (same) return json(200, same);
      const prompt: StandInPrompt = {
        id: nextPromptId++,
        tune_id: FLUX_BASE_TUNE_ID,
        lora_tune_id: lora.id,
        text,
        num_images: numImages,
        w,
        h,
        callback,
        branch: get('prompt[branch]'),
        images: [],
        trained_at: null,
        created_at: new Date().toISOString(),
      };
      prompts.push(prompt);
      return json(201, prompt);
    }
    if (segments[0] === 'tunes' && segments[1] === String(FLUX_BASE_TUNE_ID) && segments[2] === 'prompts' && segments.length === 3 && req.method === 'GET') {
      // The account's prompts on the base tune, newest first, 20 a page.
      const offset = Number(parsed.searchParams.get('offset') ?? 0);
      return json(200, [...prompts].reverse().slice(offset, offset + 20));
    }
    if (segments[0] === 'tunes' && segments[1] === String(FLUX_BASE_TUNE_ID) && segments[2] === 'prompts' && segments.length === 4 && req.method === 'GET') {
      const prompt = prompts.find((p) => String(p.id) === segments[3]);
      return prompt ? json(200, prompt) : json(404, { error: 'Not found' });
    }
    const tune = segments[0] === 'tunes' ? tunes.find((t) => String(t.id) === segments[1]?.replace(/\.json$/, '')) : undefined;
    if (tune && segments.length === 2 && req.method === 'GET') return json(200, tuneJson(tune));
    json(404, { error: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const tuneOf = (id: string | number) => {
    const tune = tunes.find((t) => String(t.id) === String(id));
    if (!tune) throw new Error(`no tune ${id} at the Astria stand-in`);
    return tune;
  };

  return {
    url,
    requests,
    tunes,
    /** API requests (images aside) the generator made, optionally only those to one method and path. */
    calls(method?: string, path?: string) {
      return requests.filter((r) => !r.path.startsWith('/images/') && (!method || r.method === method) && (!path || r.path === path));
    },
    tune: tuneOf,
    /** The prompts created for a LoRA tune, oldest first. */
    promptsOf: (id: string | number) => prompts.filter((p) => String(p.lora_tune_id) === String(id)),
    /** The ids of the account's `n` newest prompts, as its listing gives them. */
    newestPrompts: (n: number) =>
      [...prompts]
        .reverse()
        .slice(0, n)
        .map((p) => String(p.id)),
    /** Training finished. */
    train(id: string | number) {
      tuneOf(id).trained_at = new Date().toISOString();
    },
    /** Prompts (by position) finished rendering, with all their images or only `count` of them. */
    render(id: string | number, positions: number[] | 'all', { count }: { count?: number } = {}) {
      const tune = tuneOf(id);
      prompts
        .filter((p) => p.lora_tune_id === tune.id)
        .forEach((prompt, i) => {
          if (positions !== 'all' && !positions.includes(i)) return;
          const n = Math.min(count ?? prompt.num_images, prompt.num_images);
          prompt.images = Array.from({ length: n }, (_, k) => `${url}/images/${tune.id}/${prompt.id}/${k + 1}.jpg`);
          prompt.trained_at = new Date().toISOString();
        });
    },
    failTune(id: string | number, message: string) {
      tuneOf(id).error = message;
    },
    /** Astria deleted the tune (its retention, or the account owner): it answers 404 from now on. */
    deleteTune(id: string | number) {
      tunes.splice(tunes.indexOf(tuneOf(id)), 1);
    },
    /** The next `times` API calls answer 429 with this Retry-After (seconds). */
    throttle(times: number, retryAfter: string) {
      for (let i = 0; i < times; i++) faults.push({ status: 429, retryAfter });
    },
    /** The next `times` API calls (only those with `method`, if given) answer with this error status. */
    breakNext(times: number, status = 503, method?: string) {
      for (let i = 0; i < times; i++) faults.push({ status, method });
    },
    /** The next `times` API calls (only those with `method`, if given) are carried out, but their answers are lost to a gateway timeout (504). */
    answerLate(times: number, method?: string) {
      for (let i = 0; i < times; i++) faults.push({ status: 504, carriedOut: true, method });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
