import type { Config } from '../../config.js';
import { createDiskStore } from './disk.js';
import type { FileStore } from './file-store.js';

export type { FileStore } from './file-store.js';

/**
 * Local disk under `$DATA_DIR/files` by default; S3-compatible storage when STORAGE_URL is set. The AWS
 * SDK is loaded only then: the embedded default never holds it in memory.
 */
export async function createFileStore(config: Config['storage']): Promise<FileStore> {
  return config.kind === 's3' ? (await import('./s3.js')).createS3Store(config) : createDiskStore(config.dir);
}
