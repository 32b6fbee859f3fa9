import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A fresh PostgreSQL database on the server named by DATABASE_URL, so test files running in parallel
 * never see each other's rows: a copy of the integration suite's template (migrated, queue installed),
 * or empty where no template was set up (the fault suite). Dropped again by `drop()`. Its commits do
 * not wait for the disk (`synchronous_commit = off`): a test database never outlives a server crash, and
 * the suites spend their time on the product rather than on fsync.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `portrait_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const template = inject('postgresTemplate');
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
