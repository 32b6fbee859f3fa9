import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

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
  text: string;
  num_images: number;
  w: number | null;
  h: number | null;
  callback: string | null;
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
  error?: string;
  prompts: StandInPrompt[];
}

const PAGE_SIZE = 20;

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
 * A local stand-in for Astria's tunes API as its documentation describes it: Bearer-key auth; `POST /tunes`
 * (multipart, with `tune[prompts_attributes]`); `GET /tunes` (newest first, `title` filter, `offset`
 * pages of 20); `GET /tunes/:id`; `GET /tunes/:id/prompts` (pages of 20, each prompt with `images` URLs);
 * image files under `/images/`, served without auth like Astria's file URLs. The test plays Astria's
 * workers with `train`, `render` and `failTune`, and its bad days with `throttle` and `breakNext`.
 */
export async function startAstriaApi({ apiKey }: { apiKey: string }) {
  const requests: AstriaRecordedRequest[] = [];
  const tunes: StandInTune[] = [];
  const faults: { status: number; retryAfter?: string }[] = [];
  let nextTuneId = 1000;
  let nextPromptId = 5000;
  let url = '';

  const tuneJson = ({ prompts: _prompts, ...tune }: StandInTune) => ({ ...tune, url: `${url}/tunes/${tune.id}.json` });

  const server = createServer(async (req, res) => {
    const parsed = new URL(req.url!, 'http://astria.local');
    const body = await readBody(req);
    const { fields, files } = await parseForm(body, req.headers['content-type']);
    requests.push({ method: req.method!, path: parsed.pathname, query: parsed.searchParams, authorization: req.headers.authorization, fields, files });
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    const segments = parsed.pathname.split('/').filter(Boolean);

    if (segments[0] === 'images' && req.method === 'GET') {
      const [, tuneId, promptId, file] = segments;
      const image = await renderImage(Number(tuneId) + Number(promptId) * 7 + Number.parseInt(file ?? '0', 10));
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(image.length) });
      return res.end(image);
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) return json(401, { error: 'Unauthorized' });
    const fault = faults.shift();
    if (fault) return json(fault.status, { error: 'simulated' }, fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {});

    if (parsed.pathname === '/tunes' && req.method === 'POST') {
      const get = (key: string) => fields.find(([k]) => k === key)?.[1] ?? null;
      if (!get('tune[title]') || !get('tune[name]') || files.length === 0) return json(422, { title: ["can't be blank"] });
      const now = new Date().toISOString();
      const tune: StandInTune = {
        id: nextTuneId++,
        title: get('tune[title]')!,
        name: get('tune[name]')!,
        base_tune_id: get('tune[base_tune_id]') ? Number(get('tune[base_tune_id]')) : null,
        model_type: get('tune[model_type]'),
        callback: get('tune[callback]'),
        created_at: now,
        started_training_at: now,
        trained_at: null,
        expires_at: null,
        prompts: [],
      };
      for (let i = 0; get(`tune[prompts_attributes][${i}][text]`) !== null; i++) {
        const attr = (name: string) => get(`tune[prompts_attributes][${i}][${name}]`);
        tune.prompts.push({
          id: nextPromptId++,
          tune_id: tune.id,
          text: attr('text')!,
          num_images: Number(attr('num_images') ?? 1),
          w: attr('w') ? Number(attr('w')) : null,
          h: attr('h') ? Number(attr('h')) : null,
          callback: attr('callback'),
          images: [],
          trained_at: null,
          created_at: now,
        });
      }
      tunes.push(tune);
      return json(201, tuneJson(tune));
    }
    if (parsed.pathname === '/tunes' && req.method === 'GET') {
      const title = parsed.searchParams.get('title');
      const offset = Number(parsed.searchParams.get('offset') ?? 0);
      const matching = [...tunes].reverse().filter((t) => title === null || t.title === title);
      return json(200, matching.slice(offset, offset + PAGE_SIZE).map(tuneJson));
    }
    const tune = segments[0] === 'tunes' ? tunes.find((t) => String(t.id) === segments[1]?.replace(/\.json$/, '')) : undefined;
    if (tune && segments.length === 2 && req.method === 'GET') return json(200, tuneJson(tune));
    if (tune && segments[2] === 'prompts' && segments.length === 3 && req.method === 'GET') {
      const offset = Number(parsed.searchParams.get('offset') ?? 0);
      return json(200, tune.prompts.slice(offset, offset + PAGE_SIZE));
    }
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
    /** Training finished. */
    train(id: string | number) {
      tuneOf(id).trained_at = new Date().toISOString();
    },
    /** Prompts (by position) finished rendering, with all their images or only `count` of them. */
    render(id: string | number, positions: number[] | 'all', { count }: { count?: number } = {}) {
      const tune = tuneOf(id);
      tune.prompts.forEach((prompt, i) => {
        if (positions !== 'all' && !positions.includes(i)) return;
        const n = Math.min(count ?? prompt.num_images, prompt.num_images);
        prompt.images = Array.from({ length: n }, (_, k) => `${url}/images/${tune.id}/${prompt.id}/${k + 1}.jpg`);
        prompt.trained_at = new Date().toISOString();
      });
    },
    failTune(id: string | number, message: string) {
      tuneOf(id).error = message;
    },
    /** The next `times` API calls answer 429 with this Retry-After (seconds). */
    throttle(times: number, retryAfter: string) {
      for (let i = 0; i < times; i++) faults.push({ status: 429, retryAfter });
    },
    /** The next `times` API calls answer with a server error. */
    breakNext(times: number, status = 503) {
      for (let i = 0; i < times; i++) faults.push({ status });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
