import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PhotoAnalysis } from '../../../shared/photo-check.js';
import { UnreadablePhotoError } from './analyze-photo.js';
import type { WorkerAnswer } from './face-worker.js';

export { UnreadablePhotoError };

/**
 * Analyses photos off the event loop: a small pool of worker threads (face-worker.ts), started on the
 * first photo and kept for the life of the process, so the models load once per worker. Results are
 * remembered by the photo's SHA-256 for an hour: the uploader checks each photo as it is added, and the
 * checkout sends the same bytes again, so the authoritative check costs nothing the second time. Only
 * measurements are kept, never a photo.
 */
export interface FaceAnalyzer {
  analyze(bytes: Uint8Array): Promise<PhotoAnalysis>;
  /** Starts the workers and loads the models now (a benchmark measures this). */
  warm(): Promise<void>;
  /** Stops the workers; the next photo starts them again. */
  close(): Promise<void>;
}

const CACHE_ENTRIES = 500;
const CACHE_MS = 60 * 60 * 1000;

interface Job {
  id: number;
  bytes: Uint8Array;
  resolve: (analysis: PhotoAnalysis) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  ready: Promise<void>;
  busy?: Job;
}

const require = createRequire(import.meta.url);
/** tsx's ESM API (its `import` export; require.resolve would find the CommonJS one). */
const TSX_ESM_API = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;

/** The worker runs the TypeScript source, as the server does: it registers tsx's loader, then loads face-worker.ts. */
const BOOTSTRAP = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry); });`;

function startWorker(onAnswer: (worker: PoolWorker, answer: WorkerAnswer) => void, onExit: (worker: PoolWorker, error: Error) => void): PoolWorker {
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { tsx: TSX_ESM_API, entry: new URL('./face-worker.ts', import.meta.url).href },
  });
  // Idle workers must not keep a finished process (a test run, a one-off script) alive.
  worker.unref();
  let markReady: () => void = () => {};
  let failReady: (error: Error) => void = () => {};
  const entry: PoolWorker = {
    worker,
    ready: new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    }),
  };
  entry.ready.catch(() => {});
  worker.on('message', (answer: WorkerAnswer) => {
    if ('ready' in answer) markReady();
    else if (answer.id === -1 && 'error' in answer) failReady(new Error(`the face models did not load: ${answer.error}`));
    else onAnswer(entry, answer);
  });
  worker.on('error', (error) => {
    failReady(error);
    onExit(entry, error);
  });
  worker.on('exit', (code) => onExit(entry, new Error(`the face worker stopped (exit code ${code})`)));
  return entry;
}

export function createFaceAnalyzer({ workers: size }: { workers: number }): FaceAnalyzer {
  const cache = new Map<string, { analysis: PhotoAnalysis; at: number }>();
  const queue: Job[] = [];
  let pool: PoolWorker[] = [];
  let nextId = 1;

  const dispatch = () => {
    while (queue.length > 0) {
      let idle = pool.find((entry) => !entry.busy);
      if (!idle && pool.length < size) {
        idle = startWorker(onAnswer, onExit);
        pool.push(idle);
      }
      const job = idle && queue.shift();
      if (!idle || !job) return;
      idle.busy = job;
      // A busy worker keeps the process alive until it answers.
      idle.worker.ref();
      idle.worker.postMessage({ id: job.id, bytes: job.bytes });
    }
  };

  function onAnswer(entry: PoolWorker, answer: WorkerAnswer) {
    const job = entry.busy;
    if (!job || 'ready' in answer || answer.id !== job.id) return;
    entry.busy = undefined;
    entry.worker.unref();
    if ('analysis' in answer) job.resolve(answer.analysis);
    else job.reject(answer.unreadable ? new UnreadablePhotoError(answer.error) : new Error(answer.error));
    dispatch();
  }

  function onExit(entry: PoolWorker, error: Error) {
    if (!pool.includes(entry)) return;
    pool = pool.filter((other) => other !== entry);
    entry.busy?.reject(error);
    dispatch();
  }

  const run = (bytes: Uint8Array) =>
    new Promise<PhotoAnalysis>((resolve, reject) => {
      queue.push({ id: nextId++, bytes, resolve, reject });
      dispatch();
    });

  return {
    async analyze(bytes) {
      const key = createHash('sha256').update(bytes).digest('hex');
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && now - hit.at < CACHE_MS) return hit.analysis;
      const analysis = await run(bytes);
      cache.delete(key);
      cache.set(key, { analysis, at: now });
      // A Map keeps insertion order: the first key is the oldest.
      const oldest = cache.keys().next().value;
      if (cache.size > CACHE_ENTRIES && oldest) cache.delete(oldest);
      return analysis;
    },
    async warm() {
      while (pool.length < size) pool.push(startWorker(onAnswer, onExit));
      await Promise.all(pool.map((entry) => entry.ready));
    },
    async close() {
      const stopping = pool;
      pool = [];
      await Promise.all(stopping.map((entry) => entry.worker.terminate()));
    },
  };
}

const shared = new Map<number, FaceAnalyzer>();

/** One analyzer per process and pool size: every app a process builds shares its workers and models. */
export function sharedFaceAnalyzer(workers: number): FaceAnalyzer {
  let analyzer = shared.get(workers);
  if (!analyzer) {
    analyzer = createFaceAnalyzer({ workers });
    shared.set(workers, analyzer);
  }
  return analyzer;
}
