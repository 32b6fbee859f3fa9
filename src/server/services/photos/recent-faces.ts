import { createHash } from 'node:crypto';
import { descriptorDistance } from '../../../shared/photo-check.js';

/**
 * The faces of each customer's photos checked in the last hour, in this process's memory only, so that
 * the uploader can compare a set without the face descriptors ever leaving the server: each check answers
 * the new face's distances to the customer's earlier ones. Forgotten after an hour, or beyond the limits.
 */
const KEEP_MS = 60 * 60 * 1000;
const PER_CUSTOMER = 40;
const CUSTOMERS = 2000;

const recent = new Map<string, Map<string, { descriptor: number[]; at: number }>>();

/** A photo's name in comparisons: the first 16 hex digits of its SHA-256. */
export function photoKey(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

/**
 * Remembers one face of `userId`'s photo and answers its distances (3 decimals) to the customer's other
 * faces remembered; a photo without a usable face is answered with none and not remembered.
 */
export function compareWithRecent(userId: string, key: string, descriptor: number[] | undefined, now = Date.now()): Record<string, number> {
  let faces = recent.get(userId);
  if (faces) {
    for (const [other, face] of faces) if (now - face.at > KEEP_MS) faces.delete(other);
  }
  if (!descriptor) return {};
  const distances: Record<string, number> = {};
  for (const [other, face] of faces ?? []) if (other !== key) distances[other] = Number(descriptorDistance(descriptor, face.descriptor).toFixed(3));
  if (!faces) {
    faces = new Map();
    recent.set(userId, faces);
    // A Map keeps insertion order: the first customer is the one who checked least recently.
    const oldest = recent.keys().next().value;
    if (recent.size > CUSTOMERS && oldest) recent.delete(oldest);
  }
  faces.delete(key);
  faces.set(key, { descriptor, at: now });
  const first = faces.keys().next().value;
  if (faces.size > PER_CUSTOMER && first) faces.delete(first);
  return distances;
}
