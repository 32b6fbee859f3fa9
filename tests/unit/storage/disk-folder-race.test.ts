import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskStore } from '@/server/providers/storage/disk';

/**
 * An order's folder removed while another writer puts a file in it (a purge racing a replacement): on disk
 * the two cross inside the file system. The removal never fails for it and takes what landed while it ran;
 * the write either lands whole (after the removal, and stays) or fails because its folder went, leaving no
 * part of itself: its writer's order is going, and the writer stops.
 */
describe('[storage] the disk store when a write and a folder removal cross', { timeout: 60_000 }, () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('a deletePrefix never fails for a put into the same folder, and a file is either whole or gone, never a temporary', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'disk-race-'));
    dirs.push(dir);
    const store = createDiskStore(dir);
    const body = Buffer.alloc(4 * 1024, 7);
    const failures: string[] = [];
    for (let round = 0; round < 60; round++) {
      const folder = `orders/o${round % 3}`;
      await Promise.all([
        ...['portraits', 'thumbs', 'previews'].map((kind) =>
          store.put(`${folder}/${kind}/1.jpg`, body, 'image/jpeg').catch((error: NodeJS.ErrnoException) => {
            if (!['ENOENT', 'ENOTDIR'].includes(error.code ?? '')) failures.push(`put ${round}: ${error.message}`);
          }),
        ),
        store.deletePrefix(folder).catch((error: Error) => failures.push(`deletePrefix ${round}: ${error.message}`)),
      ]);
      for (const kind of ['portraits', 'thumbs', 'previews']) {
        const stored = await store.readBuffer(`${folder}/${kind}/1.jpg`);
        if (stored && !stored.equals(body)) failures.push(`round ${round}: half a file`);
      }
      const left = (await readdir(dir, { recursive: true })).filter((name) => String(name).endsWith('.tmp'));
      if (left.length > 0) failures.push(`round ${round}: ${left.join(', ')}`);
    }
    expect(failures).toEqual([]);
    for (const folder of ['orders/o0', 'orders/o1', 'orders/o2']) await store.deletePrefix(folder);
    expect(await store.count('')).toBe(0);
    expect(await store.listFolders('orders')).toEqual([]);
  });
});
