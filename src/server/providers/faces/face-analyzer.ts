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
  /**
   * `background`: a generated portrait's likeness check, which waits while a customer's selfie is being
   * checked (the uploader answers in about a second whatever generation is running), and is not cached.
   */
  analyze(bytes: Uint8Array, options?: { background?: boolean }): Promise<PhotoAnalysis>;
  /** Starts the workers and loads the models now (a benchmark measures this). */
  warm(): Promise<void>;
  /** Stops the workers; the next photo starts them again. */
  close(): Promise<void>;
}

const CACHE_ENTRIES = 500;
const CACHE_MS = 60 * 60 * 1000;

interface Job {
  id: number;
  background: boolean;
  bytes: Uint8Array;
  resolve: (analysis: PhotoAnalysis) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  ready: Promise<void>;
  /** Photos handed over and not yet answered, by id. */
  jobs: Map<number, Job>;
}

/**
 * Photos a worker holds at once: while one is in the network (which keeps the worker's thread busy),
 * the next is decoded and scaled on libvips's threads.
 */
const PHOTOS_PER_WORKER = 2;

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
    jobs: new Map(),
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

/** `cacheEntries: 0` analyses every photo afresh (a benchmark measures the analysis itself). */
export function createFaceAnalyzer({ workers: size, cacheEntries = CACHE_ENTRIES }: { workers: number; cacheEntries?: number }): FaceAnalyzer {
  const cache = new Map<string, { analysis: PhotoAnalysis; at: number }>();
  const queue: Job[] = [];
  let pool: PoolWorker[] = [];
  let nextId = 1;

  const dispatch = () => {
    while (queue.length > 0) {
      // An idle worker first, then a new one, then one with room for another photo.
      let free = pool.find((entry) => entry.jobs.size === 0);
      if (!free && pool.length < size) {
        free = startWorker(onAnswer, onExit);
        pool.push(free);
      }
      free ??= pool.find((entry) => entry.jobs.size < PHOTOS_PER_WORKER);
      // A selfie first: the first waiting job that is not background work, else the oldest.
      const index = Math.max(
        0,
        queue.findIndex((waiting) => !waiting.background),
      );
      const job = free && queue.splice(index, 1)[0];
      if (!free || !job) return;
      free.jobs.set(job.id, job);
      // A busy worker keeps the process alive until it answers.
      free.worker.ref();
      free.worker.postMessage({ id: job.id, bytes: job.bytes });
    }
  };

  function onAnswer(entry: PoolWorker, answer: WorkerAnswer) {
    const job = 'ready' in answer ? undefined : entry.jobs.get(answer.id);
    if (!job || 'ready' in answer) return;
    entry.jobs.delete(job.id);
    if (entry.jobs.size === 0) entry.worker.unref();
    if ('analysis' in answer) job.resolve(answer.analysis);
    else job.reject(answer.unreadable ? new UnreadablePhotoError(answer.error) : new Error(answer.error));
    dispatch();
  }

  function onExit(entry: PoolWorker, error: Error) {
    if (!pool.includes(entry)) return;
    pool = pool.filter((other) => other !== entry);
    for (const job of entry.jobs.values()) job.reject(error);
    dispatch();
  }

  const run = (bytes: Uint8Array, background: boolean) =>
    new Promise<PhotoAnalysis>((resolve, reject) => {
      queue.push({ id: nextId++, bytes, background, resolve, reject });
      dispatch();
    });

  return {
    async analyze(bytes, { background = false } = {}) {
      // Background work (generated images, seen once) would only push the selfies out of the cache.
      if (background) return run(bytes, true);
      const key = createHash('sha256').update(bytes).digest('hex');
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && now - hit.at < CACHE_MS) return hit.analysis;
      const analysis = await run(bytes, false);
      if (cacheEntries === 0) return analysis;
      cache.delete(key);
      cache.set(key, { analysis, at: now });
      // A Map keeps insertion order: the first key is the oldest.
      const oldest = cache.keys().next().value;
      if (cache.size > cacheEntries && oldest) cache.delete(oldest);
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
