import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { appState } from '../../db/schema.js';

export const HEARTBEAT_KEY = 'queue.heartbeat';

export interface Health {
  status: 'up' | 'down';
  database: { status: 'up' | 'down'; kind: 'pglite' | 'postgres' };
  queue: { status: 'up' | 'down'; lastHeartbeatAt: string | null };
  role: string;
}

/** Reports whether the database answers and the job queue runs (its heartbeat job writes a timestamp). */
export async function getHealth(ctx: Pick<AppContext, 'database' | 'queue' | 'config'>): Promise<Health> {
  const databaseUp = await ctx.database.db
    .execute(sql`select 1`)
    .then(() => true)
    .catch(() => false);
  const queueUp = databaseUp && (await ctx.queue.isHealthy());
  const heartbeat = databaseUp
    ? await ctx.database.db
        .select({ value: appState.value })
        .from(appState)
        .where(eq(appState.key, HEARTBEAT_KEY))
        .then((rows) => (rows[0]?.value as { at?: string } | undefined)?.at ?? null)
        .catch(() => null)
    : null;
  return {
    status: databaseUp && queueUp ? 'up' : 'down',
    database: { status: databaseUp ? 'up' : 'down', kind: ctx.database.kind },
    queue: { status: queueUp ? 'up' : 'down', lastHeartbeatAt: heartbeat },
    role: ctx.config.role,
  };
}

/** Written by the heartbeat job: proof that a worker picks jobs off the queue. */
export async function recordHeartbeat(db: AppContext['database']['db'], at: Date): Promise<void> {
  const value = { at: at.toISOString() };
  await db
    .insert(appState)
    .values({ key: HEARTBEAT_KEY, value, updatedAt: at })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: at } });
}
