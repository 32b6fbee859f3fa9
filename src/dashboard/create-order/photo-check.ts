import { readEnvelope } from '@/api/client';
import type { PhotoCheckResponse } from '@/shared/contracts/photos';

/** Sends one prepared photo to the selfie check; rejects with the server's message. */
export async function requestPhotoCheck(photo: Blob, name: string): Promise<PhotoCheckResponse> {
  const form = new FormData();
  form.append('photo', photo, name);
  const response = await fetch('/v1/photos/check', { method: 'POST', credentials: 'include', body: form });
  return (await readEnvelope<PhotoCheckResponse>(response)).data;
}
