import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../integration/helpers/database';
import { filesUnder, tryPost } from '../support/faults';
import { holdGeneration, openGeneration } from '../support/generation-gate';
import { orderInfo, placePaidOrderOverHttp, signInOverHttp, waitFor } from '../support/customer';
import { startServer, type ServerProcess } from '../support/server-process';

const engines = [{ name: 'PGlite', postgres: false }, ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];
const OPERATOR = 'ops@studio.example';
/** The restarted process may take a killed one's order over this long after its last heartbeat. */
const LEASE_MS = 2000;

/**
 * Polls that the order has no file until `until` (ms since the epoch), failing the moment one appears:
 * "nothing is written for it afterwards" holds for the whole window, not only at its end.
 */
async function expectNoFilesUntil(orderFiles: () => Promise<string[]>, until: number) {
  for (;;) {
    expect(await orderFiles()).toEqual([]);
    if (Date.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(engines)('[faults] account deletion during generation, killed mid-way, on $name', ({ postgres }) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
  });

  it('leaves 0 files and 0 rows of the order once the customer has deleted their account', async () => {
    const db = postgres ? await createTestDatabase() : undefined;
    if (db) cleanup.push(db.drop);
    const env = { GENERATION_LEASE_MS: String(LEASE_MS), OPERATOR_EMAILS: OPERATOR, ...(db ? { DATABASE_URL: db.url } : {}) };
    let server: ServerProcess = await startServer(env);
    const { dataDir } = server;
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanup.push(() => server.kill());
    // The order makes three portraits, then waits at the gate until the deletion begins.
    await holdGeneration(server.dataDir, 3);
    const outbox = path.join(server.dataDir, 'outbox');
    const orderFiles = (orderId: string) => filesUnder(path.join(server.dataDir, 'files', 'orders', orderId));

    const kim = await signInOverHttp(server.url, outbox, 'kim@example.com');
    const orderId = await placePaidOrderOverHttp(server.url, kim, 'beta');
    await waitFor(async () => (await orderInfo(server.url, kim, orderId)).imageGenerated >= 3, 60_000, 'the first portraits');

    // The customer deletes their account while portraits are being written (the gate opens as they ask);
    // the process dies mid-way: 5 ms after the server has taken the request up.
    await openGeneration(server.dataDir);
    const deleting = tryPost(server.url, kim, '/v1/user/delete', {});
    await server.waitForOutput(/"url":"\/v1\/user\/delete"/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await server.kill();
    const killedAt = Date.now();
    await deleting;
    server = await startServer({ ...env, DATA_DIR: server.dataDir, PORT: String(server.port) });

    // Whatever the kill interrupted, the customer sees whether the account is still there and deletes it again.
    const again = await tryPost(server.url, kim, '/v1/user/delete', {});
    expect([200, 401]).toContain(again.status);
    await waitFor(async () => (await orderFiles(orderId)).length === 0, 30_000, "the order's files to go");
    // Nothing is written for it afterwards: the restarted worker does not take the order up again. It would
    // when the killed worker's lease went stale (LEASE_MS after its last heartbeat, at the latest the kill):
    // its start-up job is timed a second after that, and the queue looks for jobs every second. Watched
    // until then, and for at least 3 s, in which a generation still under way would write again.
    await expectNoFilesUntil(() => orderFiles(orderId), Math.max(killedAt + LEASE_MS + 3_000, Date.now() + 3_000));

    const operator = await signInOverHttp(server.url, outbox, OPERATOR);
    const row = await tryPost(server.url, operator, '/v1/operator/orders/get', { orderId });
    expect(row.status).toBe(404);
    const customer = await tryPost(server.url, operator, '/v1/operator/customers/get', { email: 'kim@example.com' });
    expect(customer.status).toBe(404);
    // The same address signs up anew: a new, empty account.
    const reborn = await signInOverHttp(server.url, outbox, 'kim@example.com');
    const list = await tryPost(server.url, reborn, '/v1/order/list', {});
    expect(list.envelope?.data).toEqual([]);
  });
});
