import { defineConfig } from 'drizzle-kit';

// Only generates migrations from the schema; the server applies them itself at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
