import type { Config } from '../../config.js';
import { createDiskStore } from './disk.js';
import { createS3Store } from './s3.js';

export type { FileStore } from './file-store.js';

/** Local disk under `$DATA_DIR/files` by default; S3-compatible storage when STORAGE_URL is set. */
export function createFileStore(config: Config['storage']) {
  return config.kind === 's3' ? createS3Store(config) : createDiskStore(config.dir);
}
