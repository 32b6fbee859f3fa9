import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { assertSafeKey, type FileStore } from './file-store.js';

type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

/** S3 or any S3-compatible service (MinIO, R2, ...) named by STORAGE_URL=s3://bucket/prefix. */
export function createS3Store(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
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
      keys.push(...(page.Contents ?? []).map((o) => o.Key!).filter(Boolean));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
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
      return object ? Buffer.from(await object.Body!.transformToByteArray()) : null;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: fullKey(key) }));
    },
    async deletePrefix(prefix) {
      const keys = await listKeys(`${fullKey(prefix.replace(/\/+$/, ''))}/`);
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } }),
        );
      }
    },
    async count(prefix) {
      const clean = prefix.replace(/\/+$/, '');
      // The whole store is everything under the configured prefix as a folder, not its namesakes (`studio2/...`).
      const root = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
      return (await listKeys(clean ? `${fullKey(clean)}/` : root)).length;
    },
  };
}
