import type { Readable } from 'node:stream';

/** Where selfies and portraits live: local disk by default, S3-compatible object storage in production. */
export interface FileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when it does not exist. */
  read(key: string): Promise<Readable | null>;
  readBuffer(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (an order's folder, say). */
  deletePrefix(prefix: string): Promise<void>;
  /** How many objects there are under `prefix` (tests and operations). */
  count(prefix: string): Promise<number>;
  /** The names of the folders directly under `prefix` (`orders` → every order id with files), in no set order. */
  listFolders(prefix: string): Promise<string[]>;
}

/** Keys are made by the server (`orders/{id}/portraits/3.jpg`); anything else is refused. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
