import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import { checkoutFormData, createCheckout, portraitInfoFrom } from '@/dashboard/create-order/create-checkout';
import { findCategory } from '@/shared/catalog/categories';
import { ZCheckoutOptionsSchema } from '@/shared/contracts/checkout';
import { validAnswers } from '../../support/answers';

const answers = validAnswers();
const doctor = findCategory('doctor')!;
const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('[wizard] starting a checkout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends portraitInfo the server accepts', () => {
    const info = portraitInfoFrom(doctor, answers, 'pro');
    expect(ZCheckoutOptionsSchema.safeParse({ portraitInfo: info }).success).toBe(true);
    expect(info).toMatchObject({ name: 'Doctor Photos', type: 'doctor', package: 'pro' });
  });

  it('builds file1..fileN and an options JSON string', async () => {
    const info = portraitInfoFrom(doctor, answers, 'pro');
    const photos = [new Blob(['a'], { type: 'image/jpeg' }), new Blob(['b'], { type: 'image/jpeg' })];
    const form = checkoutFormData(info, photos);
    expect([...form.keys()]).toEqual(['file1', 'file2', 'options']);
    expect((form.get('file2') as File).name).toBe('photo-2.jpg');
    expect(JSON.parse(form.get('options') as string)).toEqual({ portraitInfo: info });
  });

  it('posts the form with the session cookie and no hand-set content type, and returns the data', async () => {
    const data = { orderId: 'o1', clientSecret: 'cs_offline_x', provider: 'offline', publishableKey: null };
    const fetch = respond(200, { code: 0, message: 'success', data });
    vi.stubGlobal('fetch', fetch);
    await expect(createCheckout(portraitInfoFrom(doctor, answers, 'pro'), [])).resolves.toEqual(data);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/stripe/checkout/create');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(init.body).toBeInstanceOf(FormData);
    expect(init.headers).toBeUndefined();
  });

  it.each([
    [400, { code: 400, message: 'Please upload at least 6 photos', data: null }, 'Please upload at least 6 photos'],
    [
      409,
      { code: 409, message: 'All beta spots are taken; please choose another package', data: null },
      'All beta spots are taken; please choose another package',
    ],
    [502, 'not json', 'Unexpected response (HTTP 502)'],
  ])('rejects an HTTP %i answer with ApiError "%s"', async (status, body, message) => {
    vi.stubGlobal('fetch', typeof body === 'string' ? vi.fn(async () => new Response(body, { status })) : respond(status, body));
    const error = await createCheckout(portraitInfoFrom(doctor, answers, 'pro'), []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message, status });
  });
});
