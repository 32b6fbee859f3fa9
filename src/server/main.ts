import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** Starts the server: one line and exit code 1 when a setting is wrong or the database is unreachable. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let app;
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
  app.log.info(`Portrait Studio is running at ${config.publicUrl} (role ${config.role}, database ${config.database.kind})`);
}

void main();
