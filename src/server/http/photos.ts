import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { LIMIT_TEXT, LIMITS } from '../../shared/limits.js';
import { AppError } from '../errors.js';
import { checkPhoto } from '../services/photos/check-photo.js';
import { assertBoundary, CUT_OFF_FORM } from './multipart.js';
import { ok } from './envelope.js';
import { signedInUser } from './session.js';

/**
 * `POST /v1/photos/check`: the uploader's instant selfie check, one photo in a multipart form (field
 * `photo`). Nothing is stored.
 */
export async function photoRoutes(app: FastifyInstance): Promise<void> {
  // One byte over the limit lets us tell "exactly 10 MB" from "too large".
  await app.register(multipart, { limits: { fileSize: LIMITS.photoMaxBytes + 1, files: 1, fields: 2, parts: 3 }, throwFileSizeLimit: true });
  const { ctx } = app;
  app.post('/v1/photos/check', { config: { signIn: 'api' } }, async (request) => {
    const user = signedInUser(request);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data');
    assertBoundary(request.headers['content-type']);
    let photo: { bytes: Buffer; filename: string } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (photo) throw new AppError('BAD_REQUEST', 'Send one photo at a time');
        const bytes = await part.toBuffer();
        if (bytes.length > LIMITS.photoMaxBytes)
          throw new AppError('PAYLOAD_TOO_LARGE', `The photo (${part.filename}) is larger than ${LIMIT_TEXT.photoMaxSize}`);
        photo = { bytes, filename: part.filename.slice(0, 100) || 'photo' };
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', 'Send one photo at a time');
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', `The photo is larger than ${LIMIT_TEXT.photoMaxSize}`);
      if (code === undefined && CUT_OFF_FORM.test((error as Error).message)) {
        throw new AppError('BAD_REQUEST', 'The upload is incomplete: the form ended before its closing boundary; please try again');
      }
      throw error;
    }
    if (!photo) throw new AppError('BAD_REQUEST', 'Invalid photo: is required');
    return ok(await checkPhoto(ctx, { userId: user.userId, ...photo }));
  });
}
