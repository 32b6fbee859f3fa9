import { REFUSALS, WARNINGS } from '../photo-check';
import { z } from './zod';

/** The selfie check: `POST /v1/photos/check` (one photo, multipart) and the checkout's refusal. */
export const ZPhotoReasonSchema = z.enum([...REFUSALS, ...WARNINGS]);
export const ZPhotoVerdictSchema = z.enum(['accepted', 'warning', 'refused']);

const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/**
 * What was measured; the browser keeps it to compare the photos of a set (duplicates, someone else). The
 * face descriptor stays on the server (biometric data): the browser gets the photo's `key` and its face's
 * distances to the caller's other photos checked in the last hour.
 */
export const ZPhotoAnalysisSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  faces: z.number().int().min(0),
  face: box.optional(),
  landmarksOutside: z.number().int().optional(),
  sharpness: z.number().optional(),
  brightness: z.number().optional(),
  hash: z.string().regex(/^[0-9a-f]{16}$/),
  key: z.string().regex(/^[0-9a-f]{16}$/),
  distances: z.record(z.string().regex(/^[0-9a-f]{16}$/), z.number()),
});

export const ZPhotoCheckResponseSchema = z.object({
  /** This photo on its own; the set's rules (`setReasons`) may add `duplicate` or `otherPerson`. */
  verdict: ZPhotoVerdictSchema,
  reasons: z.array(ZPhotoReasonSchema),
  analysis: ZPhotoAnalysisSchema,
});
export type PhotoCheckResponse = z.infer<typeof ZPhotoCheckResponseSchema>;

/** The `data` of the checkout's 422: every photo sent, in order, with its verdict within the set. */
export const ZPhotoSetRefusalSchema = z.object({
  photos: z.array(z.object({ no: z.number().int().min(1), name: z.string(), verdict: ZPhotoVerdictSchema, reasons: z.array(ZPhotoReasonSchema) })),
  /** How many acceptable photos the order needs. */
  needed: z.number().int(),
});
export type PhotoSetRefusal = z.infer<typeof ZPhotoSetRefusalSchema>;
