import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStore } from './file-store.js';

/** How much of a file one read takes when it is streamed out. */
const READ_CHUNK = 256 * 1024;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** How often a folder's removal that a write crossed (ENOTEMPTY) is tried again. */
const FOLDER_RACE_ATTEMPTS = 5;

/** Files under one folder on local disk; writes go through a temporary file so a crash never leaves half a file. */
export function createDiskStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  const listAll = async (dir: string): Promise<string[]> => {
    try {
      const entries = await readdir(dir, { withFileTypes: true, recursive: true });
      return entries.filter((e) => e.isFile() && !e.name.endsWith('.tmp')).map((e) => path.join(e.parentPath, e.name));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        await writeFile(temp, body);
        await rename(temp, file);
      } catch (error) {
        // A full disk leaves a partial temporary file behind: remove it, or every retry adds another. So does
        // the order's folder removed meanwhile (ENOENT): the write fails, and the writer's order is going.
        await rm(temp, { force: true }).catch(() => {});
        throw error;
      }
    },
    async read(key) {
      // One open (no stat first), and 256 KB reads: a portrait goes out in two or three chunks, not a dozen.
      let handle: FileHandle;
      try {
        handle = await open(resolve(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return handle.createReadStream({ highWaterMark: READ_CHUNK });
    },
    async readBuffer(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      const clean = prefix.replace(/\/+$/, '');
      assertSafeKey(clean);
      // A file written into the folder while it is removed makes the last step fail (ENOTEMPTY): Node then
      // removes the folder again, files and all.
      await rm(path.join(root, clean), { recursive: true, force: true, maxRetries: FOLDER_RACE_ATTEMPTS, retryDelay: 10 });
    },
    async listFolders(prefix) {
      const clean = prefix.replace(/\/+$/, '');
      assertSafeKey(clean);
      try {
        const entries = await readdir(path.join(root, clean), { withFileTypes: true });
        return entries.filter((e) => e.isDirectory()).map((e) => e.name);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
    async count(prefix) {
      const clean = prefix.replace(/\/+$/, '');
      if (clean) assertSafeKey(clean);
      return (await listAll(path.join(root, clean))).length;
    },
  };
}
