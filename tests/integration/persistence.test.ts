import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { buildTestApp } from './helpers/app';

describe('[database] persistence', () => {
  it('keeps data across a restart on the same DATA_DIR and database', async () => {
    const first = await buildTestApp({}, { durable: true });
    await first.app.ctx.database.db.insert(users).values({ email: 'ada@example.com', nickName: 'ada' });
    await first.app.close();

    const databaseUrl = first.config.database.kind === 'postgres' ? first.config.database.url : undefined;
    const second = await buildTestApp({}, { reuse: { dataDir: first.dataDir, databaseUrl } });
    const rows = await second.app.ctx.database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(rows).toHaveLength(1);
    await second.app.close();
    await first.close().catch(() => {});
  });
});
