import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { Mailer } from './providers/mail/index.js';
import type { OAuthProviders } from './providers/oauth/index.js';
import type { PaymentsProvider } from './providers/payments/index.js';
import type { Generator } from './providers/generator/index.js';
import type { FaceAnalyzer } from './providers/faces/face-analyzer.js';
import type { FileStore } from './providers/storage/index.js';
import type { ImageEncoding } from './services/orders/renditions.js';

/** Everything a service may need, built once by buildApp and passed in as a value (no globals). */
export interface AppContext {
  config: Config;
  database: Database;
  queue: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  files: FileStore;
  oauth: OAuthProviders;
  payments: PaymentsProvider;
  generator: Generator;
  /** The selfie check's face analysis, shared by every app of the process. */
  faces: FaceAnalyzer;
  /** How portraits' thumbnails and previews are encoded: mozjpeg always, except in test harnesses (BuildOptions.plainImages). */
  imageEncoding: ImageEncoding;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** See BuildOptions.checkResponses. */
    checkResponses: boolean;
    /** Method and URL of every route the app registered, in registration order. */
    registeredRoutes: readonly { method: string; url: string }[];
  }
}
