import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { isQueueQueryError } from './jobs/queue.js';

/** Starts the server: one line and exit code 1 when a setting is wrong or the database is unreachable. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // A database that goes away must not take the process with it: pg-boss 10 leaves its own "job done"
  // and "job failed" writes unawaited, so those rejections are logged and the job is retried when it
  // expires. Any other unhandled rejection is a bug and still ends the process.
  let log: { warn(details: object, message: string): void } = console;
  process.on('unhandledRejection', (reason) => {
    if (!isQueueQueryError(reason)) throw reason;
    log.warn({ err: reason }, 'the job queue could not record a job outcome; the job is retried when it expires');
  });
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
    log = app.log;
  } catch (error) {
    console.error(`Start-up failed: ${(error as Error).message}`);
    process.exit(1);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Portrait Studio is running at ${config.publicUrl} (role ${config.role}, database ${config.database.kind}, Node.js ${process.version})`);
}

void main();
