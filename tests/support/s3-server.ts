import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './server-process';

export interface S3Server {
  /** The settings a Portrait Studio process needs to use this server's bucket. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** Every object written so far, in order (one entry per PUT), keys without the bucket. */
  puts: string[];
  /** Calls `listener` right after each PUT is recorded (one listener at a time; undefined removes it). */
  onPut(listener: ((key: string) => void) | undefined): void;
  /** Stops answering (connections are cut): the object store is unreachable. */
  stop(): Promise<void>;
  /** Answers again on the same port and with the same objects. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * An S3-compatible server of the test's own (s3rver: objects in a temporary folder), on a free loopback
 * port with one bucket. It records every PUT, so a test can tell that each object was written once.
 */
export async function startS3Server({ bucket = 'portraits' } = {}): Promise<S3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'portrait-s3-'));
  const port = await freePort();
  const puts: string[] = [];
  let putListener: ((key: string) => void) | undefined;
  let instance: S3rver | undefined;
  let server: Server | undefined;
  const start = async () => {
    instance = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
    instance.on('event', (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
      for (const record of event.Records) {
        if (!record.eventName.startsWith('ObjectCreated:')) continue;
        const key = decodeURIComponent(record.s3.object.key);
        puts.push(key);
        putListener?.(key);
      }
    });
    await instance.run();
    server = (instance as unknown as { httpServer: Server }).httpServer;
  };
  const stop = async () => {
    if (!instance || !server) return;
    const closing = instance.close();
    // Keep-alive connections would hold the close open: cut them, as a crashed store would.
    server.closeAllConnections();
    await closing;
    instance = undefined;
    server = undefined;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    puts,
    onPut: (listener) => {
      putListener = listener;
    },
    env: {
      STORAGE_URL: `s3://${bucket}/studio`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed test credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    start,
    stop,
    async destroy() {
      await stop().catch(() => {});
      await rm(directory, { recursive: true, force: true });
    },
  };
}
