import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { checkoutForm, makePhotos } from '../integration/helpers/photos';
import { readMails } from '../integration/helpers/smtp';
import { validAnswers } from './answers';
import type { Customer } from './customer';

/** Every file under `dir` (relative paths, sorted); an absent folder has none. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Subjects of the mails in an outbox folder. */
export async function mailSubjects(outboxDir: string): Promise<string[]> {
  return (await readMails(outboxDir)).map((mail) => mail.subject ?? '');
}

/** How many "ready" mails name this order (the subject carries the first 8 characters of its id). */
export function readyMailsFor(subjects: string[], orderId: string): number {
  const short = orderId.slice(0, 8).toUpperCase();
  return subjects.filter((s) => s.startsWith('Your portraits are ready') && s.includes(short)).length;
}

/** A multipart checkout body as the wizard sends it: `n` photos and the answers for `packageId`. */
export async function checkoutBody(packageId: string, { n = 6, photos }: { n?: number; photos?: Buffer[] } = {}) {
  return checkoutForm(
    (photos ?? (await makePhotos(n))).map((bytes) => ({ bytes })),
    { portraitInfo: validAnswers({ package: packageId }) },
  );
}

/** One large camera-sized JPEG (noise compresses badly, so it is several megabytes). */
export async function largePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 3200, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export type UploadOutcome = { status: number; body: string } | { error: string };

/**
 * Posts a multipart checkout the slow way a phone on a weak connection does: `chunkBytes` at a time with
 * a pause between chunks. `onProgress` hears how many bytes were handed to the network so far.
 */
export function uploadSlowly(
  baseUrl: string,
  customer: Customer,
  form: { payload: Buffer; contentType: string },
  { chunkBytes = 256 * 1024, pauseMs = 20, onProgress }: { chunkBytes?: number; pauseMs?: number; onProgress?: (sent: number) => void } = {},
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const url = new URL('/v1/stripe/checkout/create', baseUrl);
    const request = http.request(url, {
      method: 'POST',
      headers: {
        'sec-fetch-site': 'same-origin',
        cookie: customer.cookie,
        'content-type': form.contentType,
        'content-length': form.payload.length,
      },
    });
    let settled = false;
    const settle = (outcome: UploadOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    request.on('error', (error) => settle({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => settle({ status: response.statusCode ?? 0, body }));
      response.on('error', (error) => settle({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    let sent = 0;
    const next = () => {
      if (settled || request.destroyed) return;
      if (sent >= form.payload.length) {
        request.end();
        return;
      }
      const chunk = form.payload.subarray(sent, sent + chunkBytes);
      request.write(chunk, () => {
        sent += chunk.length;
        onProgress?.(sent);
        setTimeout(next, pauseMs);
      });
    };
    next();
  });
}

export type TryResult =
  // biome-ignore lint/suspicious/noExplicitAny: callers read the data of whichever call they made
  | { status: number; envelope: { code?: number; message?: string; data?: any } | null; ms: number; error?: undefined }
  | { error: string; ms: number; status?: undefined; envelope?: undefined };

/** Makes a request and reports what came back, including a network error or a timeout, without throwing. */
export async function tryFetch(url: string, init: RequestInit = {}, timeoutMs = 15_000): Promise<TryResult> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let envelope = null;
    try {
      envelope = JSON.parse(text);
    } catch {
      // Not JSON: the caller checks for that.
    }
    return { status: res.status, envelope, ms: Date.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { error: cause?.code ?? (error as Error).name, ms: Date.now() - started };
  }
}

/** Posts a JSON call as the dashboard does, reported like `tryFetch`. */
export function tryPost(baseUrl: string, customer: Customer, url: string, body: unknown, timeoutMs = 15_000): Promise<TryResult> {
  return tryFetch(`${baseUrl}${url}`, { method: 'POST', headers: customer.json, body: JSON.stringify(body) }, timeoutMs);
}

/** Milliseconds since `start`, rounded to tenths of a second for reports. */
export const secondsSince = (start: number) => Math.round((Date.now() - start) / 100) / 10;
