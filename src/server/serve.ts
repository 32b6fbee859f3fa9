import type { BuildOptions, buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';

/**
 * What a caller adds to `buildApp` once the settings are read. `main.ts` (production, `npm start`) adds
 * nothing; only a test entry (tests/support/test-server.ts) passes test-harness options, so no setting
 * can ever reach them.
 */
export type ServeOptions = (config: Config) => BuildOptions | Promise<BuildOptions>;

/** Reads the settings from the environment: one line and exit code 1 when a setting is wrong. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Starts the server: reads the settings, builds the app (with `options`, see ServeOptions), closes it on
 * SIGINT and SIGTERM, and listens. One line and exit code 1 when a setting is wrong or the database is
 * unreachable.
 */
export async function serve(options: ServeOptions = () => ({})): Promise<void> {
  const config = configOrExit();
  // No unhandledRejection handler: one is a bug and ends the process, as Node does by default. pg-boss 10
  // left its "job done" and "job failed" writes unawaited, so a database outage surfaced as unhandled
  // rejections that had to be let through; pg-boss 12 awaits them and reports failures as its `error`
  // event, which the job queue logs (the postgres-restart fault test holds it to that).
  // The app's modules load only once the settings are known to be good, so a wrong setting is
  // reported at once rather than after seconds of loading everything.
  const { buildApp: build } = await import('./app.js');
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await build(config, await options(config));
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
