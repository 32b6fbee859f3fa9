import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { assertSafeKey, type FileStore } from './file-store.js';

type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

/** DeleteObjects calls for the keys still left before a deletion gives up (and its job is retried). */
const DELETE_ATTEMPTS = 3;
const DELETE_RETRY_MS = 200;
/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

/**
 * Sends `Content-MD5` with DeleteObjects, computed over the body as sent. S3 itself takes the SDK's
 * CRC32 checksum instead, but S3-compatible stores (MinIO, Ceph, older R2) still require the MD5 on
 * this call and refuse it without one.
 */
function addContentMd5(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (context.commandName === 'DeleteObjectsCommand' && request.headers && (typeof request.body === 'string' || request.body instanceof Uint8Array)) {
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'portraitStudioContentMd5' },
  );
}

/** S3 or any S3-compatible service (MinIO, R2, ...) named by STORAGE_URL=s3://bucket/prefix. */
export function createS3Store(settings: S3Settings, { deleteRetryMs = DELETE_RETRY_MS } = {}): FileStore {
  const compatible = Boolean(settings.endpoint);
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: compatible,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // S3-compatible stores reject the SDK's default CRC32 checksums on some calls: send and check one
    // only where the operation requires it.
    ...(compatible ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const } : {}),
  });
  if (compatible) addContentMd5(client);
  const Bucket = settings.bucket;
  const fullKey = (key: string) => {
    assertSafeKey(key);
    return settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/${key}` : key;
  };
  const listKeys = async (prefix: string): Promise<string[]> => {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  };
  /**
   * DeleteObjects answers 200 even when some keys were not deleted, listing them under `Errors`: those
   * are tried again, and a deletion that still leaves keys behind throws, so the job that asked for it
   * fails and is retried rather than reporting personal data gone while it is not.
   */
  const deleteKeys = async (keys: string[]) => {
    let remaining = keys;
    for (let attempt = 1; ; attempt++) {
      const failed: { key: string; code: string }[] = [];
      for (let i = 0; i < remaining.length; i += DELETE_BATCH) {
        const objects = remaining.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
        const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: objects, Quiet: true } }));
        for (const error of result.Errors ?? []) if (error.Key) failed.push({ key: error.Key, code: error.Code ?? 'unknown' });
      }
      if (failed.length === 0) return;
      if (attempt >= DELETE_ATTEMPTS) {
        const [first] = failed;
        throw new Error(`The object store kept ${failed.length} of ${keys.length} objects after ${attempt} delete attempts (${first.code} on ${first.key})`);
      }
      remaining = failed.map((f) => f.key);
      await new Promise((resolve) => setTimeout(resolve, deleteRetryMs * attempt));
    }
  };
  const get = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: fullKey(key) }));
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  };
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: fullKey(key), Body: body, ContentType: contentType }));
    },
    async read(key) {
      const object = await get(key);
      return object ? (object.Body as Readable) : null;
    },
    async readBuffer(key) {
      const object = await get(key);
      if (!object) return null;
      if (!object.Body) throw new Error(`The object store answered ${key} without a body`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: fullKey(key) }));
    },
    async deletePrefix(prefix) {
      const keys = await listKeys(`${fullKey(prefix.replace(/\/+$/, ''))}/`);
      if (keys.length > 0) await deleteKeys(keys);
    },
    async listFolders(prefix) {
      // Every key under the prefix, folded to its first folder: a listing with a delimiter would take fewer
      // requests, but S3-compatible servers differ in how they answer it (s3rver returns no common prefix
      // for keys two folders down). The store holds 30 days of orders, so a daily listing stays small.
      const parent = `${fullKey(prefix.replace(/\/+$/, ''))}/`;
      const names = new Set<string>();
      for (const key of await listKeys(parent)) {
        const rest = key.slice(parent.length);
        const slash = rest.indexOf('/');
        if (slash > 0) names.add(rest.slice(0, slash));
      }
      return [...names];
    },
    async count(prefix) {
      const clean = prefix.replace(/\/+$/, '');
      // The whole store is everything under the configured prefix as a folder, not its namesakes (`studio2/...`).
      const root = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
      return (await listKeys(clean ? `${fullKey(clean)}/` : root)).length;
    },
  };
}
