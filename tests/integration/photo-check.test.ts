import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema';
import { ZPhotoCheckResponseSchema } from '@/shared/contracts/photos';
import { LIMITS } from '@/shared/limits';
import { setReasons } from '@/shared/photo-check';
import { validAnswers } from '../support/answers';
import { badPhotos, degraded, photosOf, selfie, selfies } from '../support/face-photos';
import { buildTestApp, type TestApp } from './helpers/app';
import { checkoutForm, makePhoto, photoForm } from './helpers/photos';
import { signInAs } from './helpers/session';

async function rowCount(t: TestApp, table: string) {
  const result = await t.app.ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

/** Each photo the check must judge, with the verdict and the reasons a customer is shown. */
const SINGLE_PHOTOS = [
  { name: 'a group photo', photo: badPhotos.group, verdict: 'refused', reasons: ['severalFaces'] },
  { name: 'an image with no face', photo: badPhotos.noFace, verdict: 'refused', reasons: ['noFace'] },
  { name: 'a face far away', photo: badPhotos.tinyFace, verdict: 'refused', reasons: ['faceTooSmall'] },
  { name: 'a face cut off by the frame', photo: badPhotos.cutOff, verdict: 'refused', reasons: ['faceCutOff'] },
  { name: 'a blurred copy', photo: badPhotos.blurred, verdict: 'warning', reasons: ['blurry'] },
  { name: 'a dark copy', photo: badPhotos.dark, verdict: 'warning', reasons: ['tooDark'] },
  // Faces anyone sees at once that the detector alone missed: found on the enhanced copy, and warned about.
  { name: 'a strongly blurred selfie (sigma 8 px)', photo: () => degraded('ada', 10, { blur: 8 }), verdict: 'warning', reasons: ['blurry'] },
  { name: 'a very blurred selfie (sigma 12 px)', photo: () => degraded('ada', 11, { blur: 12 }), verdict: 'warning', reasons: ['blurry'] },
  { name: 'a selfie in a very dark room (20 % of the light)', photo: () => degraded('ada', 10, { light: 0.2 }), verdict: 'warning', reasons: ['tooDark'] },
  { name: 'a blurred selfie in a dim room', photo: () => degraded('ada', 11, { blur: 8, light: 0.45 }), verdict: 'warning', reasons: ['blurry', 'tooDark'] },
  { name: 'a good selfie', photo: () => selfie('ada', 1), verdict: 'accepted', reasons: [] },
] as const;

describe('[photo-check] the selfie check, photo by photo and for the whole set', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' });
    cookie = (await signInAs(t, 'selfie@example.com')).cookie;
  });
  afterAll(() => t.close());

  const check = (form: { payload: Buffer; contentType: string }, who = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/photos/check',
      headers: { cookie: who, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
      payload: form.payload,
    });
  const checkout = (files: Buffer[], who = cookie) => {
    const form = checkoutForm(
      files.map((bytes, i) => ({ bytes, name: `photo-${i + 1}.jpg` })),
      { portraitInfo: validAnswers({ package: 'basic' }) },
    );
    return t.app.inject({
      method: 'POST',
      url: '/v1/stripe/checkout/create',
      headers: { cookie: who, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
      payload: form.payload,
    });
  };

  describe('POST /v1/photos/check answers each photo on its own', () => {
    it.each(SINGLE_PHOTOS)('$name: $verdict $reasons', async ({ photo, verdict, reasons }) => {
      const res = await check(photoForm(await photo()));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ verdict, reasons });
    });

    it('answers what the browser needs to compare the set (the hash, the key, distances to earlier faces), never the face descriptor', async () => {
      const { data } = (await check(photoForm(await selfie('ada', 2)))).json();
      expect(ZPhotoCheckResponseSchema.parse(data)).toEqual(data);
      const { analysis } = data;
      expect(analysis.hash).toMatch(/^[0-9a-f]{16}$/);
      expect(analysis.key).toMatch(/^[0-9a-f]{16}$/);
      expect(analysis).not.toHaveProperty('descriptor');
      expect(JSON.stringify(data)).not.toMatch(/(-?\d\.\d+,){127}/);
      expect(analysis.faces).toBe(1);
      expect(analysis.face.width).toBeGreaterThanOrEqual(200);
    });

    it.each([
      { name: 'the same photo twice', last: () => selfie('ada', 1), reasons: ['duplicate'] },
      { name: 'one photo of someone else', last: badPhotos.otherPerson, reasons: ['otherPerson'] },
    ])("gives the browser what it needs to find $name in the set, with the checkout's own rules", async ({ last, reasons }) => {
      const photos = [...(await selfies(5)), await last()];
      const analyses = [];
      for (const photo of photos) analyses.push((await check(photoForm(photo))).json().data.analysis);
      expect(setReasons(analyses)).toEqual([[], [], [], [], [], reasons]);
    });

    it.each([
      { name: 'a form without a photo', form: () => checkoutForm([], { portraitInfo: {} }), status: 400, message: 'Invalid photo: is required' },
      {
        name: 'two photos at once',
        form: async () => checkoutForm([{ bytes: await selfie('ada', 1) }, { bytes: await selfie('ada', 2) }], {}),
        status: 400,
        message: 'Send one photo at a time',
      },
      {
        name: 'a text file',
        form: () => photoForm(Buffer.from('not a photo at all'), 'notes.txt', 'text/plain'),
        status: 400,
        message: 'The photo (notes.txt) is not an image we can read (use JPG, PNG or WebP)',
      },
      {
        name: 'a photo cut short',
        form: async () => photoForm((await makePhoto(3)).subarray(0, 600), 'cut.jpg'),
        status: 400,
        message: 'The photo (cut.jpg) is damaged or cannot be decoded',
      },
      {
        name: 'a photo over 10 MB',
        form: () => photoForm(Buffer.alloc(LIMITS.photoMaxBytes + 1, 1), 'huge.jpg'),
        status: 413,
        message: 'The photo (huge.jpg) is larger than 10 MB',
      },
    ])('refuses $name with $status', async ({ form, status, message }) => {
      const res = await check(await form());
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code: status, message });
    });

    it('refuses a JSON body with 415 and a signed-out caller with 401', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: '/v1/photos/check',
        headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        payload: '{}',
      });
      expect(json.statusCode).toBe(415);
      const signedOut = await check(photoForm(await selfie('ada', 1)), '');
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().message).toBe('Please log in to continue');
    });

    it(`allows ${LIMITS.photoChecksPerHour} checks an hour per customer, then answers 429`, async () => {
      const busy = (await signInAs(t, 'busy@example.com')).cookie;
      const form = photoForm(await selfie('ada', 1));
      for (let i = 0; i < LIMITS.photoChecksPerHour; i++) expect((await check(form, busy)).statusCode).toBe(200);
      const over = await check(form, busy);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/^You have checked 150 photos in the last hour; please try again in \d+ minutes$/);
    });
  });

  describe('the checkout checks the whole set again', () => {
    const refusedSets = [
      { name: 'a group photo', extra: badPhotos.group, reasons: ['severalFaces'] },
      { name: 'an image with no face', extra: badPhotos.noFace, reasons: ['noFace'] },
      { name: 'a face far away', extra: badPhotos.tinyFace, reasons: ['faceTooSmall'] },
      { name: 'a face cut off by the frame', extra: badPhotos.cutOff, reasons: ['faceCutOff'] },
      { name: 'the same photo twice', extra: () => selfie('ada', 1), reasons: ['duplicate'] },
      { name: 'one photo of someone else', extra: badPhotos.otherPerson, reasons: ['otherPerson'] },
    ];

    it.each(refusedSets)('refuses five good photos and $name with 422, every photo with its reasons, and stores nothing', async ({ extra, reasons }) => {
      const before = { orders: await rowCount(t, 'orders'), selfies: await rowCount(t, 'selfies'), files: await t.app.ctx.files.count('orders') };
      const res = await checkout([...(await selfies(5)), await extra()]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 422,
        message: 'Only 5 of your photos can be used and we need at least 6: please replace the photos marked as not usable',
        data: {
          needed: 6,
          photos: [
            ...[1, 2, 3, 4, 5].map((no) => ({ no, name: `photo-${no}.jpg`, verdict: 'accepted', reasons: [] })),
            { no: 6, name: 'photo-6.jpg', verdict: 'refused', reasons },
          ],
        },
      });
      expect({ orders: await rowCount(t, 'orders'), selfies: await rowCount(t, 'selfies'), files: await t.app.ctx.files.count('orders') }).toEqual(before);
    });

    it.each([
      { name: '4 + 2: the two photos of someone else', ada: 4, cyd: 2, usable: 4, cydReasons: ['otherPerson'], adaReasons: [] },
      {
        name: '3 + 3: nobody accused, every face waits for the customer to say whose order it is',
        ada: 3,
        cyd: 3,
        usable: 0,
        cydReasons: ['whichPerson'],
        adaReasons: ['whichPerson'],
      },
    ])('refuses $name', async ({ ada, cyd, usable, adaReasons, cydReasons }) => {
      const res = await checkout([...(await photosOf('ada', ada)), ...(await photosOf('cyd', cyd))]);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(`Only ${usable} of your photos can be used and we need at least 6: please replace the photos marked as not usable`);
      expect(res.json().data.photos.map((photo: { reasons: string[] }) => photo.reasons)).toEqual([
        ...Array.from({ length: ada }, () => adaReasons),
        ...Array.from({ length: cyd }, () => cydReasons),
      ]);
    });

    it('takes five photos of the customer with one of someone else and a sixth of the customer, leaving the stranger out', async () => {
      const res = await checkout([...(await photosOf('ada', 5)), await badPhotos.otherPerson(), await selfie('ada', 6)]);
      expect(res.statusCode).toBe(200);
      const orderId = res.json().data.orderId;
      const [order] = await t.app.ctx.database.db.select().from(orders).where(sql`${orders.id} = ${orderId}`);
      expect(order!.photoCheck!.map(({ reasons }) => reasons)).toEqual([[], [], [], [], [], ['otherPerson'], []]);
      expect(await t.app.ctx.files.count(`orders/${orderId}/selfies`)).toBe(6);
    });

    it('takes six good photos with a blurred and a dark one (warnings do not block) and stores every verdict with the order', async () => {
      const res = await checkout([...(await selfies(6)), await badPhotos.blurred(), await badPhotos.dark()]);
      expect(res.statusCode).toBe(200);
      const orderId = res.json().data.orderId;
      const [order] = await t.app.ctx.database.db.select().from(orders).where(sql`${orders.id} = ${orderId}`);
      expect(order!.photoCheck!.map(({ no, verdict, reasons }) => ({ no, verdict, reasons }))).toEqual([
        ...[1, 2, 3, 4, 5, 6].map((no) => ({ no, verdict: 'accepted', reasons: [] })),
        { no: 7, verdict: 'warning', reasons: ['blurry'] },
        { no: 8, verdict: 'warning', reasons: ['tooDark'] },
      ]);
      expect(order!.photoCheck![0]).toMatchObject({ faceWidth: expect.any(Number), sharpness: expect.any(Number), brightness: expect.any(Number) });
      expect(await t.app.ctx.files.count(`orders/${orderId}/selfies`)).toBe(8);
    });

    it('keeps only the usable photos of a set that has six of them, and stores the verdict of the one left out', async () => {
      const res = await checkout([...(await selfies(6)), await badPhotos.group()]);
      expect(res.statusCode).toBe(200);
      const orderId = res.json().data.orderId;
      const [order] = await t.app.ctx.database.db.select().from(orders).where(sql`${orders.id} = ${orderId}`);
      expect(order!.photoCheck!.at(-1)).toMatchObject({ no: 7, verdict: 'refused', reasons: ['severalFaces'] });
      expect(await t.app.ctx.files.count(`orders/${orderId}/selfies`)).toBe(6);
    });
  });
});
