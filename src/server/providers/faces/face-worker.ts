import { parentPort } from 'node:worker_threads';
import { analyzePhoto, loadModels, UnreadablePhotoError } from './analyze-photo.js';

/** A face worker: loads the models at start, then answers one photo at a time. */
export type WorkerRequest = { id: number; bytes: Uint8Array };
export type WorkerAnswer =
  | { id: number; analysis: Awaited<ReturnType<typeof analyzePhoto>> }
  | { id: number; error: string; unreadable?: boolean }
  | { ready: true };

const port = parentPort;
if (port) {
  void loadModels().then(
    () => port.postMessage({ ready: true } satisfies WorkerAnswer),
    (error: unknown) => port.postMessage({ id: -1, error: String(error) } satisfies WorkerAnswer),
  );
  port.on('message', ({ id, bytes }: WorkerRequest) => {
    analyzePhoto(bytes).then(
      (analysis) => port.postMessage({ id, analysis } satisfies WorkerAnswer),
      (error: unknown) =>
        port.postMessage({
          id,
          error: error instanceof Error ? error.message : String(error),
          unreadable: error instanceof UnreadablePhotoError,
        } satisfies WorkerAnswer),
    );
  });
}
