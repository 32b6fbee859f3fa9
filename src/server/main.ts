import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';

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
  // No unhandledRejection handler: one is a bug and ends the process, as Node does by default. pg-boss 10
  // left its "job done" and "job failed" writes unawaited, so a database outage surfaced as unhandled
  // rejections that had to be let through; pg-boss 12 awaits them and reports failures as its `error`
  // event, which the job queue logs (the postgres-restart fault test holds it to that).
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
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
