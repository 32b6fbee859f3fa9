import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { CALLS } from '../../shared/contracts/calls.js';
import { ZCheckoutOptionsSchema } from '../../shared/contracts/checkout.js';
import { LIMIT_TEXT, LIMITS } from '../../shared/limits.js';
import { AppError } from '../errors.js';
import { confirmCheckout } from '../services/checkout/confirm-checkout.js';
import { createCheckout } from '../services/checkout/create-checkout.js';
import { getOfflineSession, payOffline } from '../services/checkout/pay-offline.js';
import { ok, parseInput } from './envelope.js';
import { assertBoundary, CUT_OFF_FORM } from './multipart.js';
import { route } from './route.js';
import { signedInUser } from './session.js';

export const MULTIPART_LIMITS = {
  // One byte over the limit lets us tell "exactly 10 MB" from "too large".
  fileSize: LIMITS.photoMaxBytes + 1,
  files: LIMITS.photosMax,
  fields: 4,
  parts: LIMITS.photosMax + 4,
  fieldSize: 64 * 1024,
};

/** Reads the checkout form: file1..fileN (the photos) and `options` (a JSON string with portraitInfo). */
export async function readCheckoutForm<S extends z.ZodType<z.infer<typeof ZCheckoutOptionsSchema>> = typeof ZCheckoutOptionsSchema>(
  parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>,
  // Gift cards: the free order's options carry the card besides the answers.
  schema: S = ZCheckoutOptionsSchema as unknown as S,
) {
  const photos: { bytes: Buffer; filename: string }[] = [];
  let options: string | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > LIMITS.photoMaxBytes)
          throw new AppError('PAYLOAD_TOO_LARGE', `Photo ${photos.length + 1} (${part.filename}) is larger than ${LIMIT_TEXT.photoMaxSize}`);
        photos.push({ bytes, filename: part.filename.slice(0, 100) || `photo ${photos.length + 1}` });
      } else if (part.fieldname === 'options') {
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE', 'Invalid options: is larger than 64 KB');
        // A part sent with Content-Type application/json arrives already parsed.
        options = part.mimetype === 'application/json' ? JSON.stringify(part.value) : String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', `Please upload at most ${LIMITS.photosMax} photos`);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', `Photo ${photos.length + 1} is larger than ${LIMIT_TEXT.photoMaxSize}`);
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw new AppError('BAD_REQUEST', 'Invalid options: is not valid JSON');
    if (code === undefined && CUT_OFF_FORM.test((error as Error).message)) {
      throw new AppError('BAD_REQUEST', 'The upload is incomplete: the form ended before its closing boundary; please try again');
    }
    throw error;
  }
  if (options === undefined) throw new AppError('BAD_REQUEST', 'Invalid options: is required');
  let parsed: unknown;
  try {
    parsed = JSON.parse(options);
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid options: is not valid JSON');
  }
  const chosen = parseInput(schema, parsed) as z.infer<S>;
  return { photos, portraitInfo: chosen.portraitInfo, options: chosen };
}

/** Starting a checkout (photos and answers in, a payment form's client secret out) and the offline checkout. */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  const { ctx } = app;

  app.post('/v1/stripe/checkout/create', { config: { signIn: 'api' } }, async (request) => {
    const user = signedInUser(request);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photos and options as multipart/form-data');
    assertBoundary(request.headers['content-type']);
    const { photos, portraitInfo } = await readCheckoutForm(request.parts());
    return ok(await createCheckout(ctx, { userId: user.userId, portraitInfo, photos }));
  });

  route(app, CALLS.confirmCheckout, async ({ input, user }) => ok(await confirmCheckout(ctx, { userId: user.userId, ...input })));
  route(app, CALLS.offlineSession, async ({ input, user }) => ok(await getOfflineSession(ctx, { userId: user.userId, ...input })));
  route(app, CALLS.offlinePay, async ({ input, user }) => ok(await payOffline(ctx, { userId: user.userId, ...input }), 'Payment received'));
}
