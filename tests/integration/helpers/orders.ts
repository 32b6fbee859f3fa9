import { expect } from 'vitest';
import { validAnswers } from '../../support/answers';
import { sameSite, type TestApp } from './app';
import { checkoutForm, makePhotos } from './photos';

/**
 * Places and pays an order as the wizard and the offline checkout do: six selfies and Doctor answers
 * for `packageId`, uploaded by the customer holding `cookie`. Returns the order id.
 */
export async function placePaidOrder(t: TestApp, cookie: string, packageId = 'beta'): Promise<string> {
  const created = await startCheckout(t, cookie, packageId);
  expect(created.statusCode).toBe(200);
  const { orderId, clientSecret } = created.json().data;
  const paid = await t.app.inject({ method: 'POST', url: '/v1/checkout/offline/pay', headers: { ...sameSite, cookie }, payload: { clientSecret } });
  expect(paid.statusCode).toBe(200);
  return orderId as string;
}

/** Uploads six selfies with Doctor answers for `packageId`, as the wizard's last step does; the raw answer. */
export async function startCheckout(t: TestApp, cookie: string, packageId = 'beta', photos?: Buffer[]) {
  const form = checkoutForm(
    (photos ?? (await makePhotos(6))).map((bytes) => ({ bytes })),
    { portraitInfo: validAnswers({ package: packageId }) },
  );
  return t.app.inject({
    method: 'POST',
    url: '/v1/stripe/checkout/create',
    headers: { cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
    payload: form.payload,
  });
}
