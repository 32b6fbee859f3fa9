import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '@/server/providers/storage/disk';
import { createS3Store } from '@/server/providers/storage/s3';
import type { FileStore } from '@/server/providers/storage/file-store';
import { postJson, signInOverHttp, type Customer } from '../support/customer';
import { checkoutBody, filesUnder, secondsSince } from '../support/faults';
import { selfies } from '../support/face-photos';
import { startS3Server } from '../support/s3-server';
import { startServer, type ServerProcess } from '../support/server-process';

/** Whether this machine lets the test mount a small tmpfs (root in a VM or a privileged container does). */
function probeMount(): { ok: true } | { ok: false; reason: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portrait-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return { ok: true };
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return { ok: false, reason: stderr || (error as Error).message };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mount = probeMount();

/** A case that needs a tmpfs: skipped out loud, with the reason in its name, where mounting is not allowed. */
function whenMountable(name: string): [typeof it.skip, string] {
  if (mount.ok) return [it, name];
  const skipped = `${name} (SKIPPED: this machine does not allow mounting a tmpfs: ${mount.reason})`;
  console.warn(`[faults] storage: ${skipped}`);
  return [it.skip, skipped];
}

const figures: string[] = [];

/** Posts a checkout with `photos` and returns the status and envelope, as the wizard would see them. */
async function upload(server: ServerProcess, customer: Customer, photos?: Buffer[]) {
  const form = await checkoutBody('beta', photos ? { photos } : {});
  const res = await fetch(`${server.url}/v1/stripe/checkout/create`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', cookie: customer.cookie, 'content-type': form.contentType },
    body: form.payload,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, envelope: (await res.json()) as { code: number; message: string; data: unknown } };
}

/** What a customer must read when the photos cannot be stored: temporary, nothing charged, try again. */
function expectStorageRefusal(answer: { status: number; envelope: { code: number; message: string; data: unknown } }) {
  expect(answer.status).toBe(503);
  expect(answer.envelope).toEqual({ code: 503, message: expect.stringMatching(/could not save your photos/i), data: null });
  expect(answer.envelope.message).toMatch(/nothing was charged/i);
  expect(answer.envelope.message).toMatch(/try again/i);
}

async function expectHealthy(server: ServerProcess) {
  const res = await fetch(`${server.url}/v1/health`);
  expect(res.status).toBe(200);
  expect(server.process.exitCode).toBeNull();
}

async function orderCount(server: ServerProcess, customer: Customer) {
  const { envelope } = await postJson(server.url, customer, '/v1/order/list', {});
  return (envelope.data as unknown[]).length;
}

/** Selfies enlarged to 1536 px, stored (re-encoded) at about 115 to 140 KB each: one fits in 192 KB, six do not. */
async function heavyPhotos(n: number): Promise<Buffer[]> {
  return Promise.all((await selfies(n)).map((photo) => sharp(photo).resize(1536, 1536, { fit: 'inside' }).jpeg({ quality: 95 }).toBuffer()));
}

describe('[faults] storage that is full, unwritable or unreachable', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
    if (figures.length > 0) console.info(`storage figures:\n${figures.join('\n')}`);
  });

  it('refuses uploads with a clear 503 while the files folder cannot be written, keeps nothing, and works again once it can', async () => {
    const server = await startServer({ GENERATOR_PACE_MS: '0' });
    cleanup.push(() => rm(server.dataDir, { recursive: true, force: true }));
    cleanup.push(() => server.kill());
    const files = path.join(server.dataDir, 'files');
    const ada = await signInOverHttp(server.url, path.join(server.dataDir, 'outbox'), 'unwritable@example.com');

    // As root, permissions do not stop writes; a regular file where the folder should be does.
    await rm(files, { recursive: true, force: true });
    await writeFile(files, 'not a folder');
    expectStorageRefusal(await upload(server, ada));
    expect(await orderCount(server, ada)).toBe(0);
    await expectHealthy(server);

    await rm(files);
    expect((await upload(server, ada)).status).toBe(200);
    expect(await orderCount(server, ada)).toBe(1);
    expect(await filesUnder(files)).toHaveLength(6);
    expect(server.output()).toContain('could not store the selfies');
  });

  const [diskFullCase, diskFullName] = whenMountable(
    'disk full: uploads are refused with a clear 503, leave no partial file, and go through once there is room',
  );
  diskFullCase(diskFullName, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portrait-full-'));
    const files = path.join(dataDir, 'files');
    await mkdir(files);
    // A 192 KB filesystem: the first selfie (about 115 KB as stored) fits, the second does not.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=192k', 'tmpfs', files]);
    cleanup.push(async () => {
      execFileSync('umount', ['-l', files]);
      await rm(dataDir, { recursive: true, force: true });
    });
    const server = await startServer({ GENERATOR_PACE_MS: '0', DATA_DIR: dataDir });
    cleanup.push(() => server.kill());
    const ada = await signInOverHttp(server.url, path.join(dataDir, 'outbox'), 'full@example.com');

    expectStorageRefusal(await upload(server, ada, await heavyPhotos(6)));
    expect(await filesUnder(files), 'no selfie and no partial temporary file is left').toEqual([]);
    expect(await orderCount(server, ada)).toBe(0);
    await expectHealthy(server);

    // Once there is room again, the same upload goes through.
    execFileSync('mount', ['-o', 'remount,size=64m', files]);
    expect((await upload(server, ada, await heavyPhotos(6))).status).toBe(200);
    expect(await orderCount(server, ada)).toBe(1);
    expect(await filesUnder(files)).toHaveLength(6);
    await expectHealthy(server);
  });

  it('refuses uploads with a clear 503 while the object store is unreachable, and works again once it answers', async () => {
    const s3 = await startS3Server();
    cleanup.push(() => s3.destroy());
    const server = await startServer({ GENERATOR_PACE_MS: '0', ...s3.env });
    cleanup.push(() => rm(server.dataDir, { recursive: true, force: true }));
    cleanup.push(() => server.kill());
    const ada = await signInOverHttp(server.url, path.join(server.dataDir, 'outbox'), 'bucket-down@example.com');

    await s3.stop();
    const started = Date.now();
    expectStorageRefusal(await upload(server, ada));
    figures.push(`object store down: the upload was refused after ${secondsSince(started)} s (the S3 client's own retries)`);
    expect(await orderCount(server, ada)).toBe(0);
    await expectHealthy(server);

    // (Generation on the bucket is covered by the scale-out test.)
    await s3.start();
    expect((await upload(server, ada)).status).toBe(200);
    expect(await orderCount(server, ada)).toBe(1);
    expect(s3.puts.filter((key) => key.includes('/selfies/'))).toHaveLength(6);
  });
});

describe('[faults] the file stores on real storage', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
  });

  const stores: [string, () => Promise<{ store: FileStore; namesake: FileStore }>][] = [
    [
      'disk',
      async () => {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'portrait-store-'));
        cleanup.push(() => rm(dir, { recursive: true, force: true }));
        return { store: createDiskStore(path.join(dir, 'files')), namesake: createDiskStore(path.join(dir, 'files2')) };
      },
    ],
    [
      's3 (s3rver)',
      async () => {
        const s3 = await startS3Server();
        cleanup.push(() => s3.destroy());
        const settings = {
          kind: 's3',
          bucket: s3.bucket,
          endpoint: s3.endpoint,
          region: 'us-east-1',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
        } as const;
        return { store: createS3Store({ ...settings, prefix: 'studio' }), namesake: createS3Store({ ...settings, prefix: 'studio2' }) };
      },
    ],
  ];

  it.each(stores)('%s: stores, reads, counts and lists within its own prefix and deletes', async (_name, open) => {
    const { store, namesake } = await open();
    await store.put('orders/a/selfies/1.jpg', Buffer.from('one'), 'image/jpeg');
    await store.put('orders/a/selfies/2.jpg', Buffer.from('two'), 'image/jpeg');
    await store.put('orders/b/portraits/1.jpg', Buffer.from('three'), 'image/jpeg');
    await namesake.put('orders/c/portraits/1.jpg', Buffer.from('elsewhere'), 'image/jpeg');

    expect((await store.readBuffer('orders/a/selfies/2.jpg'))?.toString()).toBe('two');
    // The folders directly under a prefix (the file sweep's list of orders with files), its own only.
    expect((await store.listFolders('orders')).sort()).toEqual(['a', 'b']);
    expect(await store.listFolders('orders/a')).toEqual(['selfies']);
    expect(await store.listFolders('nothing')).toEqual([]);
    expect(await store.readBuffer('orders/a/selfies/3.jpg')).toBeNull();
    expect(await store.read('orders/zzz/1.jpg')).toBeNull();
    // The whole store counts only its own objects, never those of a prefix that merely starts the same.
    expect(await store.count('')).toBe(3);
    expect(await store.count('orders/a')).toBe(2);
    await store.deletePrefix('orders/a');
    expect(await store.count('orders/a')).toBe(0);
    await store.delete('orders/b/portraits/1.jpg');
    await store.delete('orders/b/portraits/1.jpg');
    expect(await store.count('')).toBe(0);
    expect(await namesake.count('')).toBe(1);
  });

  const [fullWriteCase, fullWriteName] = whenMountable('disk: a write the disk has no room for fails and leaves no partial temporary file');
  fullWriteCase(fullWriteName, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portrait-store-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
    cleanup.push(async () => {
      execFileSync('umount', ['-l', dir]);
      await rm(dir, { recursive: true, force: true });
    });
    const store = createDiskStore(dir);
    await expect(store.put('orders/a/portraits/1.jpg', Buffer.alloc(256 * 1024, 7), 'image/jpeg')).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await filesUnder(dir)).toEqual([]);
  });
});
