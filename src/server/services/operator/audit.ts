import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { auditLog, orders, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AuditEntry, OperatorAction } from '../../../shared/contracts/operator.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import { afterCursor, cursorTime, encodeCursor } from './cursor.js';

type AuditRow = typeof auditLog.$inferSelect;

export const auditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  actorEmail: row.actorEmail,
  action: row.action,
  outcome: row.outcome,
  orderId: row.orderId,
  customerEmail: row.customerEmail,
  detail: row.detail,
});

/** Who acts, and the confirmation they gave (one action per confirmation). */
export interface Actor {
  email: string;
  requestId: string;
}

export interface ActionRequest {
  action: OperatorAction;
  orderId?: string;
  customerEmail?: string;
  detail?: Record<string, unknown>;
}

/**
 * Carries out an operator's action once per confirmation and records it. The audit entry is written
 * first, keyed by the confirmation's `requestId`, so the same confirmation sent again (a double click,
 * a repeated request) finds it and acts no more. `act` does the work and returns what to record; when it
 * throws (the order cannot be retried, a provider is down), nothing was done: the entry goes, the error
 * is answered, and the same confirmation may be tried again.
 */
export async function runAction(
  ctx: Pick<AppContext, 'database' | 'clock' | 'log'>,
  actor: Actor,
  request: ActionRequest,
  act: () => Promise<Record<string, unknown> | undefined>,
): Promise<AuditEntry> {
  const { db } = ctx.database;
  // A malformed id names no order: answered as a missing one, as everywhere.
  if (request.orderId !== undefined && !UUID_PATTERN.test(request.orderId)) throw new AppError('NOT_FOUND', 'Order not found');
  // Whose order it is, copied into the entry: the log answers "what was done to this customer" after the order is gone.
  const customerEmail = request.customerEmail ?? (request.orderId ? await ownerEmail(db, request.orderId) : null);
  const [claimed] = await db
    .insert(auditLog)
    .values({
      requestId: actor.requestId,
      actorEmail: actor.email,
      action: request.action,
      orderId: request.orderId ?? null,
      customerEmail,
      detail: request.detail ?? {},
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing({ target: auditLog.requestId })
    .returning();
  if (!claimed) return repeated(db, actor, request);

  let detail: Record<string, unknown> | undefined;
  try {
    detail = await act();
  } catch (error) {
    await db.delete(auditLog).where(eq(auditLog.id, claimed.id));
    throw error;
  }
  const [row] = await db
    .update(auditLog)
    .set({ outcome: 'done', detail: { ...claimed.detail, ...detail } })
    .where(eq(auditLog.id, claimed.id))
    .returning();
  if (!row) throw new Error(`audit entry ${claimed.id} vanished while its action was carried out`);
  const entry = auditEntry(row);
  ctx.log.info({ action: entry.action, orderId: entry.orderId, customer: entry.customerEmail, actor: entry.actorEmail }, 'operator action');
  return entry;
}

/** The email of the order's customer; null for an order that does not exist (the action then answers 404). */
async function ownerEmail(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, orderId));
  return row?.email ?? null;
}

/** The same confirmation again: what the first did, or why it was refused; never a second action. */
async function repeated(db: Db, actor: Actor, request: ActionRequest): Promise<AuditEntry> {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.requestId, actor.requestId));
  if (!row || row.action !== request.action || row.actorEmail !== actor.email) {
    throw new AppError('CONFLICT', 'This confirmation was already used for another action; confirm again');
  }
  if (row.outcome === 'started') throw new AppError('CONFLICT', 'This action is being carried out; look again in a moment');
  return auditEntry(row);
}

/** The audit log, newest first, a page at a time. */
export async function listAudit(db: Db, { cursor, limit = 50, orderId }: { cursor?: string; limit?: number; orderId?: string }) {
  const rows = await db
    .select({ row: auditLog, at: cursorTime(auditLog.createdAt) })
    .from(auditLog)
    .where(and(orderId ? eq(auditLog.orderId, orderId) : undefined, afterCursor(cursor, auditLog.createdAt, auditLog.id)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { entries: page.map((r) => auditEntry(r.row)), nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.row.id) : null };
}
