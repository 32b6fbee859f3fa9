import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { signInAs } from './helpers/session';

type Person = Awaited<ReturnType<typeof signInAs>>;

describe('[teams] receipts of seat purchases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' });
  });
  afterAll(() => t.close());

  const post = (url: string, who: Person, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie: who.cookie }, payload });

  it('names the seats bought in the receipts list and on the printable receipt, in the account language', async () => {
    const admin = await signInAs(t, 'buyer@receipts.example');
    const teamId = (await post('/v1/team/create', admin, { name: 'Receipts Inc' })).json().data.id as string;
    const { clientSecret } = (await post('/v1/team/seats/buy', admin, { teamId, packageId: 'pro', quantity: 4 })).json().data;
    expect((await post('/v1/checkout/offline/pay', admin, { clientSecret })).statusCode).toBe(200);

    const [receipt] = (await post('/v1/stripe/receipts', admin, {})).json().data;
    expect(receipt).toMatchObject({ orderId: null, seats: { quantity: 4, packageId: 'pro' } });

    const page = await t.app.inject({ method: 'GET', url: `/v1/receipts/${receipt.id}`, headers: { cookie: admin.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pro seats × 4: each one order of 60 AI portraits');
    expect(page.body).not.toContain('Order ID');
    const french = await t.app.inject({ method: 'GET', url: `/v1/receipts/${receipt.id}?lang=fr`, headers: { cookie: admin.cookie } });
    expect(french.body).toContain('Places Pro × 4 : chacune une commande de 60 portraits IA');
  });
});
